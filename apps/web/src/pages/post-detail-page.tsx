import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { BackToFeedHeader } from '../components/ui/back-header.tsx';
import { LoadError } from '../components/ui/load-error.tsx';
import { ItemNotFound } from '../components/ui/not-found.tsx';
import { PostSkeleton } from '../components/ui/post-skeleton.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { POST_ROOT } from '../features/post/index.ts';
import { usePost, useReferralCode } from '../features/post/index.ts';
import { errorMessage } from '../lib/error-message.ts';
import { PostCard } from '../features/post/index.ts';
import { useViewer } from '../features/auth/index.ts';
import { ApiError } from '../lib/api-client.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** A post on its own page (/posts/:id) with the whole comment thread. */
export function PostDetailPage() {
  const { t } = useLingui();
  const { id = '' } = useParams();
  const viewer = useViewer();
  const post = usePost(id, viewer.userId);
  const referralCode = useReferralCode(viewer.isAuthenticated);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const notFound =
    post.isError && post.error instanceof ApiError && [400, 404].includes(post.error.status);
  useDocumentTitle(notFound ? t`Post not found` : t({ message: 'Post', context: 'noun' }));

  return (
    <div className="mx-auto w-full max-w-2xl">
      {!notFound && <BackToFeedHeader title={t({ message: 'Post', context: 'noun' })} />}
      {post.isPending ? (
        <PostDetailSkeleton />
      ) : notFound ? (
        <PostNotFound />
      ) : post.isError ? (
        <LoadError
          title={t`Couldn’t load this post`}
          message={errorMessage(post.error)}
          onRetry={() => void post.refetch()}
        />
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
  const { t } = useLingui();
  return (
    <ItemNotFound
      title={t`Post not found`}
      reason={t`This post was deleted, or it was a free post: those vanish 24 hours after they are shared.`}
      backTo="/"
      backLabel={t`Back to the feed`}
    />
  );
}

function PostDetailSkeleton() {
  const { t } = useLingui();
  return (
    <PostSkeleton role="status" aria-label={t`Loading post`}>
      <Skeleton className="mt-4 h-5 w-full" />
      <Skeleton className="mt-2 h-5 w-3/4" />
      <Skeleton className="mt-6 h-24 w-full rounded-2xl" />
    </PostSkeleton>
  );
}
