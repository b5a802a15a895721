import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  DocumentType,
  EmailSendResponse,
  EmailVerifyRequest,
  PhoneSendResponse,
  PhoneVerifyRequest,
  UploadResponse,
  VerificationDetailsRequest,
  VerificationDocument,
  VerificationState,
  VerificationSubmitRequest,
} from '../../../shared/contracts/verification';
import { ApiError, apiGet, apiPost, apiRequest } from '../../lib/api';
import { apiUpload } from '../../lib/upload';
import { authKeys } from '../auth/api';

export type { DocumentType, VerificationDocument, VerificationState };
export type SubmitBody = z.input<typeof VerificationSubmitRequest>;
export type DetailsBody = z.input<typeof VerificationDetailsRequest>;

export const verificationKeys = {
  all: ['verification'] as const,
  detail: (userId: number) => ['verification', userId] as const,
  /** Under the record's key, so refreshing the record refreshes the read-only view too. */
  peek: (userId: number) => ['verification', userId, 'peek'] as const,
};

/** The user's verification record, or null before one exists (GET …?ifExists=true, issue 32; or a 404). */
async function peekVerification(userId: number, signal?: AbortSignal): Promise<VerificationState | null> {
  try {
    return await apiGet<VerificationState | null>(`/api/verification/${userId}?ifExists=true`, signal);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** The user's verification record; created on first visit (docs/product.md#the-api-contract: on failure, POST /api/verification). */
export const verificationQuery = (userId: number) =>
  queryOptions({
    queryKey: verificationKeys.detail(userId),
    queryFn: async ({ signal }) => {
      // A first visit reads null (no 404 in the console, issue 32) and creates the record.
      const found = await peekVerification(userId, signal);
      return found ?? apiPost<VerificationState>('/api/verification', { userId });
    },
  });

/** Read-only: null when there is no record yet (the dashboard must not create one). */
export const verificationPeekQuery = (userId: number) =>
  queryOptions({
    queryKey: verificationKeys.peek(userId),
    queryFn: ({ signal }) => peekVerification(userId, signal),
    staleTime: 0,
  });

export function useVerification(userId: number) {
  return useQuery(verificationQuery(userId));
}

function useStateMutation<TArgs>(userId: number, fn: (args: TArgs) => Promise<VerificationState>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (state) => {
      queryClient.setQueryData(verificationKeys.detail(userId), state);
      void queryClient.invalidateQueries({ queryKey: authKeys.me });
    },
  });
}

export function useVerificationActions(userId: number) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: verificationKeys.detail(userId) });
  return {
    sendEmail: useMutation({
      mutationFn: () => apiPost<z.infer<typeof EmailSendResponse>>('/api/verification/email/send', {}),
      onSuccess: refresh,
    }),
    verifyEmail: useStateMutation(userId, (token: z.input<typeof EmailVerifyRequest>['token']) =>
      apiPost<VerificationState>('/api/verification/email/verify', { token }),
    ),
    sendPhone: useMutation({
      mutationFn: (phone: string) =>
        apiPost<z.infer<typeof PhoneSendResponse>>('/api/verification/phone/send', { phone }),
      onSuccess: refresh,
    }),
    verifyPhone: useStateMutation(userId, (otp: z.input<typeof PhoneVerifyRequest>['otp']) =>
      apiPost<VerificationState>('/api/verification/phone/verify', { otp }),
    ),
    upload: useMutation({
      mutationFn: ({ type, file }: { type: DocumentType; file: File }) => {
        const form = new FormData();
        form.append('document', file);
        form.append('documentType', type);
        return apiUpload<z.infer<typeof UploadResponse>>('/api/verification/document/upload', form);
      },
      onSuccess: refresh,
    }),
    saveDetails: useStateMutation(userId, (body: DetailsBody) =>
      apiRequest<VerificationState>('PATCH', '/api/verification/details', body),
    ),
    submit: useStateMutation(userId, (body: SubmitBody) =>
      apiPost<VerificationState>('/api/verification/submit', body),
    ),
  };
}
