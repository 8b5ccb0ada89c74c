import { t as tNow } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { FeedPageResponse } from '@dum/core';
import { EyeOff, MoreHorizontal } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { menuItemClass as itemClass } from '../../components/ui/menu.tsx';
import { toast } from '../../components/ui/use-toast.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { FEED_ROOT } from '../post/index.ts';
import { errorMessage } from '../../lib/error-message.ts';

/** A sponsored card's menu: 'Hide this ad' (never shown to this wallet again). */
export function AdMenu({ campaignId }: { campaignId: string }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const hide = async () => {
    try {
      await apiRequest(`/api/ads/campaigns/${encodeURIComponent(campaignId)}/hide`, {
        method: 'POST',
      });
    } catch (error) {
      toast({
        title: tNow`Could not hide the ad`,
        description: errorMessage(error),
        variant: 'destructive',
      });
      return;
    }
    queryClient.setQueriesData<InfiniteData<FeedPageResponse>>({ queryKey: [FEED_ROOT] }, (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              items: page.items.filter((item) => item.sponsored?.campaignId !== campaignId),
            })),
          }
        : data,
    );
    toast({ title: tNow`Ad hidden`, description: tNow`You will not see this ad again.` });
  };
  return (
    <DropdownMenu.Root defaultOpen>
      <DropdownMenu.Trigger
        aria-label={t`Ad options`}
        className="grid size-8 place-items-center rounded-full text-subtle hover:bg-surface-2 hover:text-foreground focus-visible:outline-2 focus-visible:outline-primary"
      >
        <MoreHorizontal className="size-4" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-44 rounded-xl border border-border bg-surface-2 p-1 text-muted shadow-2xl shadow-black/40"
        >
          <DropdownMenu.Item className={itemClass} onSelect={() => void hide()}>
            <EyeOff className="size-4" aria-hidden="true" />
            <Trans>Hide this ad</Trans>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
