/** Undelivered e-mail: the coordinators' list and "Send again". */
import { outboxPaths, type UndeliveredMailResponse } from '@mentorship/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from '../../../lib/admin-request';

const KEY = ['admin', 'mail', 'undelivered'] as const;

/** Every undelivered message, or (`subject`) one record's. */
export const useUndelivered = (subject?: string) =>
  useQuery({
    queryKey: [...KEY, subject ?? 'all'],
    queryFn: () =>
      adminRequest<UndeliveredMailResponse>(
        subject
          ? `${outboxPaths.undelivered}?subject=${encodeURIComponent(subject)}`
          : outboxPaths.undelivered,
      ),
  });

export const useResend = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      adminRequest<{ id: string }>(outboxPaths.resend(id), { method: 'POST', body: {} }),
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
};
