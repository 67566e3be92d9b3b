/** The screening interviews in the admin area: read and changed through the API. */
import {
  interviewPaths,
  type InterviewOutcomeInput,
  type InterviewSlotInput,
  type InterviewSlotView,
  type MentorInterviewView,
  type MessageResponse,
  type UpcomingInterview,
} from '@mentorship/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from '../../../lib/admin-request';
import { invalidateAdminData } from '../api/query-keys';

export const interviewKeys = {
  slots: ['admin', 'interviews', 'slots'] as const,
  upcoming: ['admin', 'interviews', 'upcoming'] as const,
  mentor: (id: string) => ['admin', 'interviews', 'mentor', id] as const,
};

export const useInterviewSlots = () =>
  useQuery({
    queryKey: interviewKeys.slots,
    queryFn: () => adminRequest<{ slots: InterviewSlotView[] }>(interviewPaths.slots),
  });

export const useUpcomingInterviews = () =>
  useQuery({
    queryKey: interviewKeys.upcoming,
    queryFn: () => adminRequest<{ interviews: UpcomingInterview[] }>(interviewPaths.upcoming),
  });

export const useMentorInterview = (id: string) =>
  useQuery({
    queryKey: interviewKeys.mentor(id),
    queryFn: () => adminRequest<MentorInterviewView>(interviewPaths.mentor(id)),
  });

export const usePublishSlot = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: InterviewSlotInput) =>
      adminRequest<{ slot: InterviewSlotView } & MessageResponse>(interviewPaths.slots, {
        method: 'POST',
        body: input,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'interviews'] }),
  });
};

export const useDeleteSlot = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      adminRequest<MessageResponse>(interviewPaths.slot(id), { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'interviews'] }),
  });
};

/** Cancels a booked slot's interview: the mentor is e-mailed and the slot withdrawn. */
export const useCancelBookedSlot = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      adminRequest<MessageResponse>(interviewPaths.cancelSlot(id), { method: 'POST' }),
    // The mentor's interview block and the dashboard's upcoming line change too.
    onSuccess: () => invalidateAdminData(client),
  });
};

export const useRecordOutcome = (id: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: InterviewOutcomeInput) =>
      adminRequest<MentorInterviewView & MessageResponse>(interviewPaths.outcome(id), {
        method: 'POST',
        body: input,
      }),
    // The decision changes the person's record, history and review: all read again.
    onSuccess: () => invalidateAdminData(client),
  });
};
