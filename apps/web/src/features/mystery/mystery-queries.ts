import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { t } from '@lingui/core/macro';
import { toast } from '../../components/ui/use-toast.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { apiUpload } from '../../lib/api-upload.ts';
import type { UploadResponse } from '../post/index.ts';
import type { CreateMysteryRequest, MysteryPage, MysteryScope, MysteryVault } from './types.ts';

/** Every mystery query starts with this key (the realtime events invalidate it). */
export const MYSTERY_ROOT = '/api/mystery-vaults';

export function mysteryListKey(scope: MysteryScope, viewerId: string | null) {
  return [MYSTERY_ROOT, 'list', scope, viewerId] as const;
}

export function mysteryKey(id: string, viewerId: string | null) {
  return [MYSTERY_ROOT, 'detail', id, viewerId] as const;
}

/** One scope's mysteries, a keyset page at a time. */
export function useMysteryList(scope: MysteryScope, viewerId: string | null, enabled = true) {
  return useInfiniteQuery({
    queryKey: mysteryListKey(scope, viewerId),
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ scope });
      if (pageParam) query.set('cursor', pageParam);
      return apiRequest<MysteryPage>(`${MYSTERY_ROOT}?${query.toString()}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
  });
}

export function useMystery(id: string | null, viewerId: string | null) {
  return useQuery({
    queryKey: mysteryKey(id ?? '', viewerId),
    queryFn: ({ signal }) =>
      apiRequest<MysteryVault>(`${MYSTERY_ROOT}/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: id !== null && id !== '',
  });
}

export interface CreateMysteryInput extends Omit<CreateMysteryRequest, 'imageUrl' | 'audioUrl'> {
  image: File | null;
  audio: File | null;
}

function upload(file: File): Promise<UploadResponse> {
  const form = new FormData();
  form.append('media', file);
  return apiUpload<UploadResponse>('/api/upload/vault-media', form);
}

/** Uploads the hidden media (the creator's own), then creates the mystery. */
export function useCreateMystery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateMysteryInput): Promise<MysteryVault> => {
      const { image, audio, ...rest } = input;
      const imageUrl = image ? (await upload(image)).mediaUrl : null;
      const audioUrl = audio ? (await upload(audio)).mediaUrl : null;
      return apiRequest<MysteryVault>(MYSTERY_ROOT, {
        method: 'POST',
        body: { ...rest, imageUrl, audioUrl },
      });
    },
    onSuccess: (vault) => {
      void queryClient.invalidateQueries({ queryKey: [MYSTERY_ROOT] });
      const title = vault.title;
      toast({
        title: t`Mystery Vault Created`,
        description: t`“${title}” is live. Its content stays hidden until it opens.`,
        variant: 'success',
      });
    },
  });
}
