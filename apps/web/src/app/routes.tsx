import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Routes } from 'react-router';
import { AppLayout } from '../features/shell/index.ts';
import { FeedPage } from '../pages/feed-page.tsx';

/** Each page is its own chunk: React.lazy over a named export. */
function page<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
): LazyExoticComponent<ComponentType> {
  return lazy(async () => {
    const module = await load();
    const component: ComponentType = module[name];
    return { default: component };
  });
}

const ReelsPage = page(() => import('../pages/reels-page.tsx'), 'ReelsPage');
const DiscoverPage = page(() => import('../pages/discover-page.tsx'), 'DiscoverPage');
const VaultDetailPage = page(() => import('../pages/vault-detail-page.tsx'), 'VaultDetailPage');
const PostDetailPage = page(() => import('../pages/post-detail-page.tsx'), 'PostDetailPage');
const ProfilePage = page(() => import('../pages/profile-page.tsx'), 'ProfilePage');
const UserProfilePage = page(() => import('../pages/user-profile-page.tsx'), 'UserProfilePage');
const CreatePage = page(() => import('../pages/create-page.tsx'), 'CreatePage');
const MyVaultsPage = page(() => import('../pages/my-vaults-page.tsx'), 'MyVaultsPage');
const MysteryVaultsPage = page(
  () => import('../pages/mystery-vaults-page.tsx'),
  'MysteryVaultsPage',
);
const TimeCapsulesPage = page(() => import('../pages/time-capsules-page.tsx'), 'TimeCapsulesPage');
const MessagesPage = page(() => import('../pages/messages-page.tsx'), 'MessagesPage');
const AnalyticsPage = page(() => import('../pages/analytics-page.tsx'), 'AnalyticsPage');
const AdvertiserPage = page(() => import('../pages/advertiser-page.tsx'), 'AdvertiserPage');
const RewardsPage = page(() => import('../pages/rewards-page.tsx'), 'RewardsPage');
const TermsPage = page(() => import('../pages/terms-page.tsx'), 'TermsPage');
const PrivacyPage = page(() => import('../pages/privacy-page.tsx'), 'PrivacyPage');
const ModerationPage = page(() => import('../pages/moderation-page.tsx'), 'ModerationPage');
const MyReportsPage = page(() => import('../pages/my-reports-page.tsx'), 'MyReportsPage');
const NotificationsPage = page(
  () => import('../pages/notifications-page.tsx'),
  'NotificationsPage',
);
const MutedWordsPage = page(() => import('../pages/muted-words-page.tsx'), 'MutedWordsPage');
const NotFoundPage = page(() => import('../pages/not-found-page.tsx'), 'NotFoundPage');

/** The routes table, plus the two navigation-only entries. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route index element={<FeedPage />} />
        <Route path="reels" element={<ReelsPage />} />
        <Route path="discover" element={<DiscoverPage />} />
        <Route path="vaults/:id" element={<VaultDetailPage />} />
        <Route path="posts/:id" element={<PostDetailPage />} />
        <Route path="profile" element={<ProfilePage />} />
        <Route path="profile/:walletAddress" element={<UserProfilePage />} />
        <Route path="create" element={<CreatePage />} />
        <Route path="my-vaults" element={<MyVaultsPage />} />
        <Route path="mystery-vaults" element={<MysteryVaultsPage />} />
        <Route path="time-capsules" element={<TimeCapsulesPage />} />
        <Route path="messages" element={<MessagesPage />} />
        <Route path="messages/:walletAddress" element={<MessagesPage />} />
        <Route path="analytics" element={<AnalyticsPage />} />
        <Route path="advertiser" element={<AdvertiserPage />} />
        <Route path="rewards" element={<RewardsPage />} />
        <Route path="terms" element={<TermsPage />} />
        <Route path="privacy" element={<PrivacyPage />} />
        <Route path="moderation" element={<ModerationPage />} />
        <Route path="reports" element={<MyReportsPage />} />
        <Route path="notifications" element={<NotificationsPage />} />
        <Route path="settings/muted-words" element={<MutedWordsPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
