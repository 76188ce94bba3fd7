import EditNoteIcon from '@mui/icons-material/EditNote';

import type { StudioScreen } from '../layout/studioScreen';
import { NodeEditor } from './NodeEditor';

const editor = {
  name: 'editor',
  label: 'Node Editor',
  description: "Edit a topic node's summary, variants and sources.",
  icon: EditNoteIcon,
  edit: NodeEditor,
} satisfies StudioScreen;

export default editor;
