import { Trans, useLingui } from '@lingui/react/macro';
import { BusyButton } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/dialog.tsx';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../components/ui/use-toast.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { commentsKey, POST_ROOT, removePost } from './feed-cache.ts';
import { errorMessage } from '../../lib/error-message.ts';

/** "Delete this post?": the author's confirmation; open and closed by the post card's button. */
export function DeletePostDialog({
  postId,
  open,
  onOpenChange,
  onDeleted,
}: {
  postId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted?: () => void;
}) {
  const { t } = useLingui();
  const remove = useDeletePost();
  const setOpen = onOpenChange;
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      busy={remove.isPending}
      title={<Trans>Delete this post?</Trans>}
      description={
        <Trans>
          It disappears from the feed with its comments and likes. This can’t be undone.
        </Trans>
      }
      action={
        <BusyButton
          variant="danger"
          busy={remove.isPending}
          busyLabel={t`Deleting...`}
          onClick={() =>
            remove.mutate(postId, {
              onSuccess: () => {
                setOpen(false);
                onDeleted?.();
              },
            })
          }
        >
          <Trans>Delete</Trans>
        </BusyButton>
      }
    />
  );
}

/** Deletes a post (the author only); here, not in feed-queries.ts, so it loads with the dialog. */
function useDeletePost() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postId: string) =>
      apiRequest<undefined>(`${POST_ROOT}/${encodeURIComponent(postId)}`, { method: 'DELETE' }),
    onSuccess: (_result, postId) => {
      removePost(queryClient, postId);
      // The post's own page (if open) is still showing it: that page navigates away first.
      queryClient.removeQueries({ queryKey: [POST_ROOT, postId], type: 'inactive' });
      queryClient.removeQueries({ queryKey: commentsKey(postId), type: 'inactive' });
      toast({ title: t`Post deleted`, variant: 'success' });
    },
    onError: (error) => {
      toast({
        title: t`Failed to delete post`,
        description: errorMessage(error),
        variant: 'destructive',
      });
    },
  });
}
