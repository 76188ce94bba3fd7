/** The document title (React hoists it into <head>): 'Challenges · LearnPath'. */
export function PageTitle({ parts }: { parts: (string | null | undefined)[] }) {
  const text = [...parts.filter((p): p is string => !!p), 'LearnPath'].join(' · ');
  return <title>{text}</title>;
}
