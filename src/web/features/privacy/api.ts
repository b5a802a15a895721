import { useMutation } from '@tanstack/react-query';
import type { DeleteAccountRequest, DeleteAccountResponse } from '../../../shared/contracts/privacy';
import { apiRequest } from '../../lib/api';

/** Where "Download my data" points: a same-origin GET, so the browser saves the attachment itself. */
export const EXPORT_URL = '/api/me/export';

export function useDeleteAccount() {
  return useMutation({
    mutationFn: (body: DeleteAccountRequest) => apiRequest<DeleteAccountResponse>('DELETE', '/api/me', body),
  });
}
