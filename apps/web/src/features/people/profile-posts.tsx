import { Trans, useLingui } from '@lingui/react/macro';
import { LockKeyhole, MessageSquareDashed } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useState, type ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { PostFeedList } from '../post/index.ts';
import type { FeedPost } from '../post/index.ts';
import type { Viewer } from '../auth/index.ts';
import { useUserPosts } from './people-queries.ts';
import { TAB_CLASS, TAB_LIST_CLASS } from './tab-styles.ts';

type ProfileTab = 'posts' | 'vaults';

const isVaultPost = (post: FeedPost) => post.vault !== null;

/**
 * A profile's Posts and Vaults tabs (Radix Tabs: arrow keys move between them). Both read the
 * wallet's posts; Vaults keeps its vault posts, each with its panel and status.
 */
export function ProfilePosts({
  address,
  viewer,
  postCount,
}: {
  address: string;
  viewer: Viewer;
  postCount: number;
}) {
  const { t } = useLingui();
  const [tab, setTab] = useState<ProfileTab>('posts');
  const posts = useUserPosts(address, viewer.userId);
  return (
    <Tabs.Root value={tab} onValueChange={(value) => setTab(value as ProfileTab)}>
      <Tabs.List aria-label={t`Profile sections`} className={TAB_LIST_CLASS}>
        <Tabs.Trigger value="posts" className={TAB_CLASS}>
          <Trans>Posts</Trans>
          <span className="rounded-full bg-background/60 px-1.5 font-mono text-xs tabular-nums">
            {postCount}
          </span>
        </Tabs.Trigger>
        <Tabs.Trigger value="vaults" className={TAB_CLASS}>
          <Trans>Vaults</Trans>
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="posts" className="mt-4 focus-visible:outline-none">
        <PostFeedList
          viewer={viewer}
          feed={posts}
          heading={t`Posts`}
          errorTitle={t`Couldn’t load the posts`}
          empty={
            <EmptyTab
              icon={<MessageSquareDashed className="size-6" aria-hidden="true" />}
              title={t`No posts yet`}
            />
          }
        />
      </Tabs.Content>
      <Tabs.Content value="vaults" className="mt-4 focus-visible:outline-none">
        <PostFeedList
          viewer={viewer}
          feed={posts}
          heading={t`Vaults`}
          errorTitle={t`Couldn’t load the vaults`}
          filter={isVaultPost}
          empty={
            <EmptyTab
              icon={<LockKeyhole className="size-6" aria-hidden="true" />}
              title={t`No vaults yet`}
            />
          }
        />
      </Tabs.Content>
    </Tabs.Root>
  );
}

export function EmptyTab({
  icon,
  title,
  children,
  action,
  className,
}: {
  icon: ReactNode;
  title: string;
  children?: ReactNode;
  /** A button or link under the text. */
  action?: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={cn(
        'flex flex-col items-center gap-2 rounded-card border border-dashed border-border bg-surface/40 px-6 py-12 text-center',
        className,
      )}
    >
      <span className="mb-1 grid size-12 place-items-center rounded-2xl bg-surface-3 text-primary">
        {icon}
      </span>
      <h2 className="text-lg font-semibold">{title}</h2>
      {children && <p className="max-w-sm text-sm text-muted">{children}</p>}
      {action}
    </div>
  );
}
