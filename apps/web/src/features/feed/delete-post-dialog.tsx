import { Loader2 } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
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
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary" disabled={remove.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button
            variant="danger"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(postId, {
                onSuccess: () => {
                  setOpen(false);
                  onDeleted?.();
                },
              })
            }
          >
            {remove.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
            {remove.isPending ? 'Deleting...' : 'Delete'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
