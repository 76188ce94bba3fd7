import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notesApi, type CreateNoteInput } from '../../api';
import { useAuth } from '../auth/auth-context';
import { learningKeys } from '../graph/hooks';

/** Default subject for notes and bookmarks (spec §9). */
export const DEFAULT_SUBJECT = 'metabolic';

/** GET /api/notes?subjectId= (newest first). */
export function useNotes(subjectId: string) {
  const { user, isAuthenticated } = useAuth();
  return useQuery({
    queryKey: learningKeys.notes(user?.email, subjectId),
    queryFn: () => notesApi.list(subjectId),
    enabled: isAuthenticated,
  });
}

function useInvalidateNotes() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: learningKeys.notesAll(user?.email) });
}

export function useCreateNote() {
  const invalidate = useInvalidateNotes();
  return useMutation({ mutationFn: (input: CreateNoteInput) => notesApi.create(input), onSuccess: invalidate });
}

export function useUpdateNote() {
  const invalidate = useInvalidateNotes();
  return useMutation({
    mutationFn: ({ id, text }: { id: string; text: string }) => notesApi.update(id, text),
    onSuccess: invalidate,
  });
}

export function useDeleteNote() {
  const invalidate = useInvalidateNotes();
  return useMutation({ mutationFn: (id: string) => notesApi.remove(id), onSuccess: invalidate });
}
