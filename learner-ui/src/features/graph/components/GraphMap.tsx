import { memo, useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import dagre from '@dagrejs/dagre';
import {
  Background,
  Controls,
  Handle,
  type Edge,
  type Node,
  type NodeProps,
  Position,
  ReactFlow,
  ReactFlowProvider,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GraphNode } from '../../../api';
import { nodePath } from '../links';
import { levelPercent, MASTERY_LABELS, masteryLevel, type MasteryLevel } from '../mastery-level';

const NODE_W = 190;
const NODE_H = 60;

/** Fill and border per mastery band (the spec's thresholds); dark text on every fill keeps 4.5:1. */
const BAND: Record<MasteryLevel, { fill: string; border: string }> = {
  'not-started': { fill: '#f1f3f5', border: '#6b7280' },
  beginner: { fill: '#fdecea', border: '#c62828' },
  intermediate: { fill: '#fff4e5', border: '#b45309' },
  advanced: { fill: '#e8f5e9', border: '#2e7d32' },
};

interface TopicData extends Record<string, unknown> {
  title: string;
  level: number;
  ready: boolean;
  href: string;
  onOpen: (href: string) => void;
}

/** One topic: a button (keyboard and screen readers reach it), coloured by mastery, ready ones marked. */
const TopicNode = memo(function TopicNode({ data }: NodeProps<Node<TopicData>>) {
  const band = masteryLevel(data.level);
  const colours = BAND[band];
  const label = `${data.title}: ${MASTERY_LABELS[band]}, ${levelPercent(data.level)}%${data.ready ? ', ready to learn' : ''}`;
  return (
    <>
      <Handle type="target" position={Position.Left} isConnectable={false} style={{ visibility: 'hidden' }} />
      <Box
        component="button"
        type="button"
        className="nodrag nopan"
        aria-label={label}
        title={label}
        onClick={(e) => {
          e.stopPropagation();
          data.onOpen(data.href);
        }}
        data-ready={data.ready ? 'true' : 'false'}
        data-level={band}
        sx={{
          width: NODE_W,
          height: NODE_H,
          p: 1,
          textAlign: 'left',
          cursor: 'pointer',
          font: 'inherit',
          fontSize: 12,
          lineHeight: 1.25,
          color: '#1a1a1a',
          bgcolor: colours.fill,
          border: `${data.ready ? 3 : 1.5}px ${data.ready ? 'dashed' : 'solid'} ${data.ready ? '#0b5cad' : colours.border}`,
          borderRadius: 1.5,
          overflow: 'hidden',
          display: '-webkit-box',
          WebkitLineClamp: 3,
          WebkitBoxOrient: 'vertical',
          '&:focus-visible': { outline: '3px solid #0b5cad', outlineOffset: 2 },
        }}
      >
        {data.ready && (
          <Box component="span" aria-hidden sx={{ fontWeight: 800, color: '#0b5cad' }}>
            Ready ·{' '}
          </Box>
        )}
        <Box component="span" sx={{ fontWeight: 600 }}>
          {data.title}
        </Box>
      </Box>
      <Handle type="source" position={Position.Right} isConnectable={false} style={{ visibility: 'hidden' }} />
    </>
  );
});

const nodeTypes = { topic: TopicNode };

/** Left-to-right layers by prerequisite (dagre), so a topic stands right of what it builds on. */
export function layoutGraph(nodes: GraphNode[]): Map<string, { x: number; y: number }> {
  const g = new dagre.graphlib.Graph();
  g.setGraph({ rankdir: 'LR', nodesep: 18, ranksep: 70, marginx: 10, marginy: 10 });
  g.setDefaultEdgeLabel(() => ({}));
  const ids = new Set(nodes.map((n) => n.id));
  for (const n of nodes) g.setNode(n.id, { width: NODE_W, height: NODE_H });
  for (const n of nodes) for (const p of n.prerequisites) if (ids.has(p) && p !== n.id) g.setEdge(p, n.id);
  dagre.layout(g);
  const out = new Map<string, { x: number; y: number }>();
  for (const id of g.nodes()) {
    const { x, y } = g.node(id);
    out.set(id, { x: x - NODE_W / 2, y: y - NODE_H / 2 });
  }
  return out;
}

/**
 * The subject's prerequisite graph as a map: nodes coloured by the spec's mastery thresholds,
 * ready-to-learn nodes marked, a click (or Enter) opens the topic. Only what is on screen is
 * rendered, so it stays usable at hundreds of topics.
 */
export default function GraphMap({
  nodes,
  ready,
  subjectId,
}: {
  nodes: GraphNode[];
  ready: Set<string>;
  subjectId: string;
}) {
  const navigate = useNavigate();
  const positions = useMemo(() => layoutGraph(nodes), [nodes]);
  const { flowNodes, flowEdges } = useMemo(() => {
    const ids = new Set(nodes.map((n) => n.id));
    const flowNodes: Node<TopicData>[] = nodes.map((n) => ({
      id: n.id,
      type: 'topic',
      position: positions.get(n.id) ?? { x: 0, y: 0 },
      data: {
        title: n.title,
        level: n.mastery_level,
        ready: ready.has(n.id),
        href: nodePath(n.id, subjectId),
        onOpen: (href: string) => void navigate(href),
      },
      draggable: false,
      connectable: false,
      selectable: false,
      width: NODE_W,
      height: NODE_H,
    }));
    const flowEdges: Edge[] = nodes.flatMap((n) =>
      n.prerequisites
        .filter((p) => ids.has(p) && p !== n.id)
        .map((p) => ({ id: `${p}->${n.id}`, source: p, target: n.id, focusable: false, selectable: false })),
    );
    return { flowNodes, flowEdges };
  }, [nodes, positions, ready, subjectId, navigate]);

  return (
    <Box component="section" aria-label="Topic map" data-testid="graph-map">
      <Box
        sx={{
          height: { xs: 460, md: '70vh' },
          minHeight: 360,
          border: 1,
          borderColor: 'divider',
          borderRadius: 2,
          bgcolor: 'background.paper',
        }}
      >
        <ReactFlowProvider>
          <ReactFlow
            nodes={flowNodes}
            edges={flowEdges}
            nodeTypes={nodeTypes}
            fitView
            fitViewOptions={{ padding: 0.1, maxZoom: 1 }}
            minZoom={0.05}
            maxZoom={2}
            onlyRenderVisibleElements
            nodesDraggable={false}
            nodesConnectable={false}
            nodesFocusable={false}
            edgesFocusable={false}
            elementsSelectable={false}
            // a node with no handler gets pointer-events: none; this one opens the topic too
            onNodeClick={(_, node) => void navigate(node.data.href)}
            proOptions={{ hideAttribution: true }}
          >
            <Background gap={24} size={1} />
            <Controls showInteractive={false} />
          </ReactFlow>
        </ReactFlowProvider>
      </Box>
      <Stack
        direction="row"
        spacing={2}
        sx={{ mt: 1, flexWrap: 'wrap', rowGap: 0.5 }}
        aria-label="Map legend"
        role="list"
      >
        {(Object.keys(BAND) as MasteryLevel[]).map((band) => (
          <Stack key={band} direction="row" spacing={0.75} sx={{ alignItems: 'center' }} role="listitem">
            <Box
              aria-hidden
              sx={{
                width: 14,
                height: 14,
                borderRadius: 0.5,
                bgcolor: BAND[band].fill,
                border: `2px solid ${BAND[band].border}`,
              }}
            />
            <Typography variant="body2">{MASTERY_LABELS[band]}</Typography>
          </Stack>
        ))}
        <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }} role="listitem">
          <Box aria-hidden sx={{ width: 14, height: 14, borderRadius: 0.5, border: '2px dashed #0b5cad' }} />
          <Typography variant="body2">Ready to learn</Typography>
        </Stack>
      </Stack>
    </Box>
  );
}
