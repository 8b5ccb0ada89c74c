import type {
  CreateReportRequest,
  DecideReportRequest,
  ModerationQueue,
  ModerationStatus,
  Report,
  ReportList,
} from '@dum/core';
import { t } from '@lingui/core/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../components/ui/use-toast.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { errorMessage } from '../../lib/error-message.ts';

/** My reports' key (the report_decided event refreshes it). */
export const REPORTS_ROOT = '/api/reports';
/** The moderation status and queue's keys start with this. */
export const MODERATION_ROOT = '/api/moderation';

export const moderationStatusKey = (viewerId: string | null) =>
  [MODERATION_ROOT, 'me', viewerId] as const;

/** Whether the viewer moderates and whether they are suspended (signed in only). */
export function useModerationStatus(viewerId: string | null) {
  return useQuery({
    queryKey: moderationStatusKey(viewerId),
    queryFn: ({ signal }) => apiRequest<ModerationStatus>(`${MODERATION_ROOT}/me`, { signal }),
    enabled: viewerId !== null,
    staleTime: 60_000,
  });
}

export function useMyReports(enabled: boolean) {
  return useQuery({
    queryKey: [REPORTS_ROOT],
    queryFn: ({ signal }) => apiRequest<ReportList>(REPORTS_ROOT, { signal }),
    enabled,
  });
}

export function useModerationQueue(enabled: boolean) {
  return useQuery({
    queryKey: [MODERATION_ROOT, 'queue'],
    queryFn: ({ signal }) => apiRequest<ModerationQueue>(`${MODERATION_ROOT}/queue`, { signal }),
    enabled,
  });
}

export function useCreateReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateReportRequest) =>
      apiRequest<Report>(REPORTS_ROOT, { method: 'POST', body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [REPORTS_ROOT] });
      toast({
        title: t`Report sent`,
        description: t`A moderator will look at it. You can follow it under My reports.`,
        variant: 'success',
      });
    },
  });
}

/** The toast once a report is decided, by its new status. */
function decidedTitle(status: Report['status']): string {
  switch (status) {
    case 'open':
      return t`Report open`;
    case 'dismissed':
      return t`Report dismissed`;
    case 'removed':
      return t`Report removed`;
    case 'suspended':
      return t`Report suspended`;
  }
}

export function useDecideReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: DecideReportRequest }) =>
      apiRequest<Report>(`${MODERATION_ROOT}/reports/${encodeURIComponent(id)}/decision`, {
        method: 'POST',
        body,
      }),
    onSuccess: (report) => {
      void queryClient.invalidateQueries({ queryKey: [MODERATION_ROOT, 'queue'] });
      toast({ title: decidedTitle(report.status), variant: 'success' });
    },
    onError: (error) => {
      toast({
        title: t`Failed to decide`,
        description: errorMessage(error),
        variant: 'destructive',
      });
    },
  });
}

export function useLiftSuspension() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ address, reason }: { address: string; reason: string }) =>
      apiRequest<undefined>(`${MODERATION_ROOT}/wallets/${encodeURIComponent(address)}/lift`, {
        method: 'POST',
        body: { reason },
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [MODERATION_ROOT, 'queue'] });
      toast({ title: t`Suspension lifted`, variant: 'success' });
    },
    onError: (error) => {
      toast({ title: t`Failed to lift`, description: errorMessage(error), variant: 'destructive' });
    },
  });
}
