import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Routes } from 'react-router';
import { AppLayout } from '../features/shell/index.ts';
import { FeedPage } from '../pages/feed-page.tsx';

/** Each page is its own chunk: React.lazy over the named export `load` picks. */
function page(load: () => Promise<ComponentType>): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: await load() }));
}

const ReelsPage = page(async () => (await import('../pages/reels-page.tsx')).ReelsPage);
const DiscoverPage = page(async () => (await import('../pages/discover-page.tsx')).DiscoverPage);
const VaultDetailPage = page(
  async () => (await import('../pages/vault-detail-page.tsx')).VaultDetailPage,
);
const PostDetailPage = page(
  async () => (await import('../pages/post-detail-page.tsx')).PostDetailPage,
);
const ProfilePage = page(async () => (await import('../pages/profile-page.tsx')).ProfilePage);
const UserProfilePage = page(
  async () => (await import('../pages/user-profile-page.tsx')).UserProfilePage,
);
const CreatePage = page(async () => (await import('../pages/create-page.tsx')).CreatePage);
const MyVaultsPage = page(async () => (await import('../pages/my-vaults-page.tsx')).MyVaultsPage);
const MysteryVaultsPage = page(
  async () => (await import('../pages/mystery-vaults-page.tsx')).MysteryVaultsPage,
);
const TimeCapsulesPage = page(
  async () => (await import('../pages/time-capsules-page.tsx')).TimeCapsulesPage,
);
const MessagesPage = page(async () => (await import('../pages/messages-page.tsx')).MessagesPage);
const AnalyticsPage = page(async () => (await import('../pages/analytics-page.tsx')).AnalyticsPage);
const AdvertiserPage = page(
  async () => (await import('../pages/advertiser-page.tsx')).AdvertiserPage,
);
const RewardsPage = page(async () => (await import('../pages/rewards-page.tsx')).RewardsPage);
const TermsPage = page(async () => (await import('../pages/terms-page.tsx')).TermsPage);
const PrivacyPage = page(async () => (await import('../pages/privacy-page.tsx')).PrivacyPage);
const ModerationPage = page(
  async () => (await import('../pages/moderation-page.tsx')).ModerationPage,
);
const MyReportsPage = page(
  async () => (await import('../pages/my-reports-page.tsx')).MyReportsPage,
);
const NotificationsPage = page(
  async () => (await import('../pages/notifications-page.tsx')).NotificationsPage,
);
const MutedWordsPage = page(
  async () => (await import('../pages/muted-words-page.tsx')).MutedWordsPage,
);
const NotFoundPage = page(async () => (await import('../pages/not-found-page.tsx')).NotFoundPage);

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
