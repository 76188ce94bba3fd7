import { useMemo, useState } from 'react';
import type { GraphNode } from '../../api';
import { htmlToText } from '../common/dates';
import { isMastered } from './mastery-level';

export type TopicFilter = ReturnType<typeof useTopicFilter>;

/** The graph's search box and category chips over its topics, and the counts of the stats row. */
export function useTopicFilter(nodes: GraphNode[]) {
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<string | null>(null);

  const categories = useMemo(() => {
    const seen: string[] = [];
    for (const n of nodes) if (n.category && !seen.includes(n.category)) seen.push(n.category);
    return seen;
  }, [nodes]);
  const filtered = useMemo(() => {
    const term = search.trim().toLowerCase();
    return nodes.filter((n) => {
      if (category && n.category !== category) return false;
      if (!term) return true;
      return [n.title, n.category, htmlToText(n.summary)].some((t) => t.toLowerCase().includes(term));
    });
  }, [nodes, search, category]);
  const masteredCount = nodes.filter((n) => isMastered(n.mastery_level)).length;

  const clearFilters = () => {
    setSearch('');
    setCategory(null);
  };

  return { search, setSearch, category, setCategory, categories, filtered, masteredCount, clearFilters };
}
