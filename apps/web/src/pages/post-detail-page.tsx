import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, House, RotateCw } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button, buttonVariants } from '../components/ui/button.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { POST_ROOT } from '../features/feed/feed-cache.ts';
import { errorMessage, usePost, useReferralCode } from '../features/feed/feed-queries.ts';
import { PostCard } from '../features/feed/post-card.tsx';
import { useViewer } from '../features/feed/use-viewer.ts';
import { ApiError } from '../lib/api-client.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** A post on its own page (/posts/:id) with the whole comment thread. */
export function PostDetailPage() {
  const { id = '' } = useParams();
  const viewer = useViewer();
  const post = usePost(id, viewer.userId);
  const referralCode = useReferralCode(viewer.isAuthenticated);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const notFound =
    post.isError && post.error instanceof ApiError && [400, 404].includes(post.error.status);
  useDocumentTitle(notFound ? 'Post not found' : 'Post');

  return (
    <div className="mx-auto w-full max-w-2xl">
      {!notFound && (
        <div className="mb-4 flex items-center gap-3">
          <Link
            to="/"
            aria-label="Back to the feed"
            className={buttonVariants({ variant: 'ghost', size: 'icon' })}
          >
            <ArrowLeft aria-hidden="true" />
          </Link>
          <h1 className="text-xl font-bold tracking-tight">Post</h1>
        </div>
      )}
      {post.isPending ? (
        <PostSkeleton />
      ) : notFound ? (
        <PostNotFound />
      ) : post.isError ? (
        <div
          role="alert"
          className="flex flex-col items-center gap-3 rounded-card border border-danger/30 bg-danger/5 px-6 py-10 text-center"
        >
          <h2 className="text-lg font-semibold">Couldn’t load this post</h2>
          <p className="max-w-sm text-sm text-muted">{errorMessage(post.error)}</p>
          <Button variant="secondary" onClick={() => void post.refetch()}>
            <RotateCw aria-hidden="true" />
            Try Again
          </Button>
        </div>
      ) : (
        <PostCard
          post={post.data}
          viewer={viewer}
          referralCode={referralCode}
          variant="detail"
          onDeleted={() => {
            void navigate('/', { replace: true });
            queryClient.removeQueries({ queryKey: [POST_ROOT, id] });
          }}
        />
      )}
    </div>
  );
}

function PostNotFound() {
  return (
    <div className="flex flex-col items-center py-10 text-center sm:py-16">
      <p
        aria-hidden="true"
        className="text-vibe text-[7rem] leading-none font-black tracking-tighter sm:text-[9rem]"
      >
        404
      </p>
      <h1 className="mt-4 text-2xl font-bold tracking-tight sm:text-3xl">Post not found</h1>
      <p className="mt-3 max-w-md text-muted">
        This post was deleted, or it was a free post: those vanish 24 hours after they are shared.
      </p>
      <Link to="/" className={buttonVariants({ size: 'md', className: 'mt-8' })}>
        <House aria-hidden="true" />
        Back to the feed
      </Link>
    </div>
  );
}

function PostSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading post"
      className="rounded-card border border-border bg-surface/60 p-4"
    >
      <div className="flex items-center gap-3">
        <Skeleton className="size-10 rounded-full" />
        <div className="flex flex-1 flex-col gap-2">
          <Skeleton className="h-3.5 w-32" />
          <Skeleton className="h-3 w-20" />
        </div>
      </div>
      <Skeleton className="mt-4 h-5 w-full" />
      <Skeleton className="mt-2 h-5 w-3/4" />
      <Skeleton className="mt-6 h-24 w-full rounded-2xl" />
    </div>
  );
}
