import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notesApi, type CreateNoteInput } from '../../api';
import { useAuth } from '../auth/auth-context';
import { learningKeys } from '../graph/hooks';

/**
 * GET /api/notes?subjectId= (newest first): the chosen course's notes, or with no course every course's
 * (the spec's hard-coded default course is gone: docs/learning-loop-api.md §8).
 */
export function useNotes(subjectId: string | null) {
  const { user, isAuthenticated } = useAuth();
  return useQuery({
    // every course's list sits under the same root as each course's, so one invalidation reaches both
    queryKey: subjectId ? learningKeys.notes(user?.email, subjectId) : [...learningKeys.notesAll(user?.email), '*'],
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
