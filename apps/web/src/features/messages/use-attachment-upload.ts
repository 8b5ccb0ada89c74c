import type { UploadResponse } from '@dum/core';
import { t } from '@lingui/core/macro';
import { useCallback, useEffect, useRef, useState } from 'react';
import { apiUpload } from '../../lib/api-upload.ts';
import { checkAttachment, type AttachmentKind } from '../post/index.ts';
import { errorMessage } from '../../lib/error-message.ts';

/** The composer's picked file: uploading (with progress), uploaded (its URL) or failed. */
export interface PickedAttachment {
  file: File;
  kind: AttachmentKind;
  /** 0..1 */
  progress: number;
  mediaUrl: string | null;
  error: string | null;
}

export type PickResult = { ok: true } | { ok: false; title: string; description: string };

/**
 * One image or audio file for a message, uploaded as soon as it is picked (POST
 * /api/upload/vault-media) so its progress shows while the person writes; removing it stops
 * the upload.
 */
export function useAttachmentUpload() {
  const [attachment, setAttachment] = useState<PickedAttachment | null>(null);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const upload = useCallback((file: File, kind: AttachmentKind) => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    setAttachment({ file, kind, progress: 0, mediaUrl: null, error: null });
    const form = new FormData();
    form.append('media', file);
    const mine = (change: Partial<PickedAttachment>) =>
      setAttachment((current) => (current?.file === file ? { ...current, ...change } : current));
    apiUpload<UploadResponse>('/api/upload/vault-media', form, {
      onProgress: (progress) => mine({ progress }),
      signal: abort.signal,
    }).then(
      (response) => mine({ progress: 1, mediaUrl: response.mediaUrl }),
      (error: unknown) => {
        if (abort.signal.aborted) return;
        const reason = errorMessage(error);
        mine({ error: t`Failed to upload media: ${reason}` });
      },
    );
  }, []);

  const pick = useCallback(
    (file: File): PickResult => {
      const check = checkAttachment(file);
      if (!check.ok) return { ok: false, title: check.title, description: check.description };
      upload(file, check.kind);
      return { ok: true };
    },
    [upload],
  );

  const retry = useCallback(() => {
    if (attachment) upload(attachment.file, attachment.kind);
  }, [attachment, upload]);

  const clear = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setAttachment(null);
  }, []);

  return { attachment, pick, retry, clear };
}
