import { t } from '@lingui/core/macro';
import { useEffect, useRef, useState } from 'react';
import { toast } from '../../components/ui/use-toast.ts';
import type { AttachmentKind } from '../post/index.ts';
import type { ComposerController } from '../feed/index.ts';
import { clearDraft, hasDraftContent, saveDraft, type StoredDraft } from './create-draft.ts';
import { clearDraftMedia, loadDraftMedia, saveDraftMedia } from './draft-media-store.ts';

export interface DraftFileNotice {
  name: string;
  kind: AttachmentKind;
}

export interface CreateDraft {
  /** The draft's file is being read back (the page says so; nothing is saved meanwhile). */
  restoringFile: boolean;
  /** The draft had a file this browser did not keep: the page asks for it again. */
  lostFile: DraftFileNotice | null;
  /** Whether there is a draft on this device now. */
  saved: boolean;
  /** Empties the composer and forgets the draft, its file included. */
  discard: () => void;
  /** After posting: the draft is gone. */
  forget: () => void;
}

/**
 * Keeps what the Create page's composer holds as the wallet's draft (create-draft.ts for the
 * text and settings, draft-media-store.ts for the file) after each change, puts the file of a
 * restored draft back, and forgets it all once posted or discarded.
 */
export function useCreateDraft(
  wallet: string,
  composer: ComposerController,
  restored: StoredDraft | null,
): CreateDraft {
  const { state, dispatch } = composer;
  const [restoringFile, setRestoringFile] = useState(restored?.attachment != null);
  const [lostFile, setLostFile] = useState<DraftFileNotice | null>(null);
  // The file last written to IndexedDB (or read from it): each file is written once.
  const keptFile = useRef<File | null>(null);
  const warned = useRef(false);

  // The restored draft's file, read back once.
  useEffect(() => {
    const wanted = restored?.attachment;
    if (!wanted) return;
    let cancelled = false;
    void loadDraftMedia(wallet).then((file) => {
      if (cancelled) return;
      if (file && file.name === wanted.name) {
        keptFile.current = file;
        dispatch({ type: 'attach', attachment: { file, kind: wanted.kind } });
        if (wanted.kind === 'image' && restored.altText) {
          dispatch({ type: 'altText', text: restored.altText });
        }
      } else {
        setLostFile(wanted);
      }
      setRestoringFile(false);
    });
    return () => {
      cancelled = true;
    };
  }, [wallet, restored, dispatch]);

  // The text and settings after each change (not while the file is on its way back: the draft
  // would lose its file's name).
  useEffect(() => {
    if (restoringFile) return;
    if (!saveDraft(window.localStorage, wallet, state, new Date()) && !warned.current) {
      warned.current = true;
      toast({
        title: t`Draft not saved`,
        description: t`This browser is not keeping drafts (storage is full or switched off).`,
        variant: 'destructive',
      });
    }
  }, [wallet, state, restoringFile]);

  // The file, when another is attached or it is removed.
  const file = state.attachment?.file ?? null;
  useEffect(() => {
    if (restoringFile || file === keptFile.current) return;
    keptFile.current = file;
    if (file) void saveDraftMedia(wallet, file);
    else void clearDraftMedia(wallet);
  }, [wallet, file, restoringFile]);

  const forget = () => {
    keptFile.current = null;
    clearDraft(window.localStorage, wallet);
    void clearDraftMedia(wallet);
    setLostFile(null);
  };

  return {
    restoringFile,
    lostFile: file ? null : lostFile,
    saved: hasDraftContent(state),
    discard: () => {
      dispatch({ type: 'posted' });
      forget();
    },
    forget,
  };
}
