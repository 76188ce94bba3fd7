import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';

import type { Outline } from '../editor/authoring';
import type { StudioDataProvider } from '../providers/dataProvider';

export const outlineKey = (subjectId: string) => ['studio', 'outline', subjectId];

/** The subject's draft outline (modules and topics in order), shared by the outline screen and the editor's pickers. */
export const useOutline = (subjectId: string) => {
  const dataProvider = useDataProvider<StudioDataProvider>();
  return useQuery<Outline>({
    queryKey: outlineKey(subjectId),
    queryFn: () => dataProvider.outline(subjectId),
    retry: false,
  });
};

/** Every topic of the outline that is not retired, in reading order, with its module. */
export const outlineTopics = (outline: Outline | undefined) =>
  (outline?.modules ?? []).flatMap((module) =>
    module.topics.map((topic) => ({
      id: topic.id,
      title: topic.title,
      moduleId: module.id,
      moduleTitle: module.title,
    })),
  );
