import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { mediaApi, ttsApi, type SynthesizeInput } from '../../api/media';
import { useAuth } from '../auth/auth-context';

export const lectureKeys = {
  all: (email: string | undefined) => ['user', email ?? 'anonymous', 'lectures'] as const,
  scripts: (email: string | undefined, subject: string) => [...lectureKeys.all(email), 'scripts', subject] as const,
  files: (email: string | undefined, subject: string) => [...lectureKeys.all(email), 'files', subject] as const,
};

/** The subject's lecture sections; what a visitor gets depends on who they are, so the key holds the user. */
export function useLectureScripts(subject: string) {
  const { user, loading } = useAuth();
  return useQuery({
    queryKey: lectureKeys.scripts(user?.email, subject),
    queryFn: () => mediaApi.scripts(subject),
    // Wait for the session so an owner's first request already carries the token.
    enabled: !loading,
    // Signed URLs expire: read them afresh rather than from an old cache.
    staleTime: 60_000,
  });
}

/** The subject's media files (videos, audio and captions); a failure is an empty list. */
export function useMediaFiles(subject: string) {
  const { user, loading } = useAuth();
  return useQuery({
    queryKey: lectureKeys.files(user?.email, subject),
    queryFn: () => mediaApi.secureFiles(subject).catch(() => []),
    enabled: !loading,
    staleTime: 60_000,
  });
}

/** Studio: makes one section's mp3 on the server, then refreshes the lists so its captions show. */
export function useSynthesizeSection() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SynthesizeInput) => ttsApi.synthesize(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lectureKeys.all(user?.email) }),
  });
}
