import { BusyButton } from '../../components/ui/button.tsx';
import {
  ConfirmFooter,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog.tsx';
import { useDeletePost } from './feed-queries.ts';

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
  const remove = useDeletePost();
  const setOpen = onOpenChange;
  return (
    <Dialog open={open} onOpenChange={(next) => !remove.isPending && setOpen(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete this post?</DialogTitle>
          <DialogDescription>
            It disappears from the feed with its comments and likes. This can’t be undone.
          </DialogDescription>
        </DialogHeader>
        <ConfirmFooter busy={remove.isPending}>
          <BusyButton
            variant="danger"
            busy={remove.isPending}
            busyLabel="Deleting..."
            onClick={() =>
              remove.mutate(postId, {
                onSuccess: () => {
                  setOpen(false);
                  onDeleted?.();
                },
              })
            }
          >
            Delete
          </BusyButton>
        </ConfirmFooter>
      </DialogContent>
    </Dialog>
  );
}
