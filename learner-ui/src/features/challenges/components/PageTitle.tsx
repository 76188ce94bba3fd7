import { usePageTitle } from '../../layout/page-title-context';

/** Names the page in the document title: 'Challenges · LearnPath'. */
export function PageTitle({ parts }: { parts: (string | null | undefined)[] }) {
  usePageTitle(parts.filter((p): p is string => !!p).join(' · '));
  return null;
}
