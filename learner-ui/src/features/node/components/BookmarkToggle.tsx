import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import BookmarkIcon from '@mui/icons-material/Bookmark';
import BookmarkBorderIcon from '@mui/icons-material/BookmarkBorder';
import { bookmarksApi, errorMessage, type TopicNode } from '../../../api';
import { useAuth } from '../../auth/auth-context';
import { learningKeys } from '../../graph/hooks';
import { useToast } from '../../toast/toast-context';

/** Bookmark / Bookmarked: updates the cached topic and the bookmark lists on success. Off with `disabled`. */
export function BookmarkToggle({ node, subject, disabled }: { node: TopicNode; subject: string; disabled?: boolean }) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const bookmarked = node.bookmarked;
  const mutation = useMutation({
    mutationFn: async (add: boolean): Promise<void> => {
      if (add) await bookmarksApi.add(node.subject_id, node.id);
      else await bookmarksApi.remove(node.subject_id, node.id);
    },
    onSuccess: (_data, add) => {
      queryClient.setQueryData<TopicNode>(learningKeys.node(user?.email, subject, node.id), (old) =>
        old ? { ...old, bookmarked: add } : old,
      );
      void queryClient.invalidateQueries({ queryKey: learningKeys.bookmarksAll(user?.email) });
    },
    onError: (err) =>
      toast({
        title: 'Bookmark not saved',
        description: errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      }),
  });
  return (
    <Button
      variant={bookmarked ? 'contained' : 'outlined'}
      color="secondary"
      aria-pressed={bookmarked}
      disabled={disabled || mutation.isPending}
      startIcon={bookmarked ? <BookmarkIcon /> : <BookmarkBorderIcon />}
      onClick={() => mutation.mutate(!bookmarked)}
    >
      {bookmarked ? 'Bookmarked' : 'Bookmark'}
    </Button>
  );
}
