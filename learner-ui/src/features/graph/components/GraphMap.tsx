import { memo, type KeyboardEvent, type RefObject, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
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
  type ReactFlowInstance,
  useStore,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GraphNode } from '../../../api';
import { nodePath } from '../links';
import { levelPercent, MASTERY_LABELS, masteryLevel, type MasteryLevel } from '../mastery-level';

const NODE_W = 190;
// three lines of a 14 px label (line height 1.2) and the padding: no title is cut off at the default zoom
const NODE_H = 72;
/** Label size in flow pixels at zoom 1; below zoom 12/14 it grows so that it never shows under 12 screen px. */
const LABEL_PX = 14;
const MIN_SCREEN_PX = 12;
/** The smallest zoom at which the default label size still shows at 12 px or more. */
export const READABLE_ZOOM = MIN_SCREEN_PX / LABEL_PX;
const KEYS_HELP_ID = 'graph-map-keys';
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
  p: 0,
  m: -1,
} as const;

/** A topic's label size in flow pixels at a zoom: 14, or more when zoomed out, so it shows at 12 screen px or more. */
export function labelFlowPx(zoom: number): number {
  return zoom > 0 ? Math.max(LABEL_PX, MIN_SCREEN_PX / zoom) : LABEL_PX;
}

/** Where a topic stands for the learner, beyond its mastery band. */
export interface TopicStatus {
  complete: Set<string>;
  /** module id → why it is locked (the soft lock); topics there stay readable */
  lockedModules: Map<string, string>;
}

/** Fill and border per mastery band (the spec's thresholds); dark text on every fill keeps 4.5:1. */
const BAND: Record<MasteryLevel, { fill: string; border: string }> = {
  'not-started': { fill: '#f1f3f5', border: '#6b7280' },
  beginner: { fill: '#fdecea', border: '#c62828' },
  intermediate: { fill: '#fff4e5', border: '#b45309' },
  advanced: { fill: '#e8f5e9', border: '#2e7d32' },
};

interface TopicData extends Record<string, unknown> {
  id: string;
  title: string;
  level: number;
  ready: boolean;
  complete: boolean;
  locked: string | null;
  focusable: boolean;
  href: string;
  onOpen: (href: string) => void;
  onFocusTopic: (id: string) => void;
}

function statusWords(d: { level: number; ready: boolean; complete: boolean; locked: string | null }): string {
  const band = masteryLevel(d.level);
  const parts = [`${MASTERY_LABELS[band]}, ${levelPercent(d.level)}%`];
  if (d.complete) parts.push('complete');
  else if (d.ready) parts.push('ready to learn');
  if (d.locked) parts.push(`locked: ${d.locked}`);
  return parts.join(', ');
}

/** One topic: a button (keyboard and screen readers reach it), coloured by mastery, ready ones marked. */
const TopicNode = memo(function TopicNode({ data }: NodeProps<Node<TopicData>>) {
  const band = masteryLevel(data.level);
  const colours = BAND[band];
  const label = `${data.title}: ${statusWords(data)}`;
  return (
    <>
      <Handle type="target" position={Position.Left} isConnectable={false} style={{ visibility: 'hidden' }} />
      <Box
        component="button"
        type="button"
        className="nodrag nopan"
        aria-label={label}
        aria-describedby={KEYS_HELP_ID}
        title={label}
        tabIndex={data.focusable ? 0 : -1}
        onFocus={() => data.onFocusTopic(data.id)}
        onClick={(e) => {
          e.stopPropagation();
          data.onOpen(data.href);
        }}
        data-node-id={data.id}
        data-ready={data.ready ? 'true' : 'false'}
        data-complete={data.complete ? 'true' : 'false'}
        data-locked={data.locked ? 'true' : 'false'}
        data-level={band}
        sx={{
          width: NODE_W,
          height: NODE_H,
          p: 1,
          textAlign: 'left',
          cursor: 'pointer',
          font: 'inherit',
          // set on the map by ZoomLabelSize: never under 12 px on screen
          fontSize: `var(--lp-map-label, ${LABEL_PX}px)`,
          lineHeight: 1.2,
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
        {data.complete ? (
          <Box component="span" aria-hidden sx={{ fontWeight: 800, color: '#1b5e20' }}>
            ✓ Complete ·{' '}
          </Box>
        ) : data.ready ? (
          <Box component="span" aria-hidden sx={{ fontWeight: 800, color: '#0b5cad' }}>
            Ready ·{' '}
          </Box>
        ) : data.locked ? (
          <Box component="span" aria-hidden sx={{ fontWeight: 800, color: '#4b5563' }}>
            Locked ·{' '}
          </Box>
        ) : null}
        <Box component="span" sx={{ fontWeight: 600 }}>
          {data.title}
        </Box>
      </Box>
      <Handle type="source" position={Position.Right} isConnectable={false} style={{ visibility: 'hidden' }} />
    </>
  );
});

/** Writes the label size for the current zoom into a CSS variable, so zooming re-renders no node. */
function ZoomLabelSize({ target }: { target: RefObject<HTMLElement | null> }) {
  const zoom = useStore((st) => st.transform[2]);
  useEffect(() => {
    target.current?.style.setProperty('--lp-map-label', `${labelFlowPx(zoom)}px`);
  }, [zoom, target]);
  return null;
}

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
 * Arrow-key moves on the map: right to the first topic that builds on this one, left to the first
 * one it builds on, up and down within its column, Home and End to the first and last topic.
 */
export function mapKeyTarget(
  key: string,
  from: string,
  nodes: GraphNode[],
  positions: Map<string, { x: number; y: number }>,
): string | null {
  const ids = nodes.map((n) => n.id);
  if (key === 'Home') return ids[0] ?? null;
  if (key === 'End') return ids[ids.length - 1] ?? null;
  const node = nodes.find((n) => n.id === from);
  if (!node) return null;
  if (key === 'ArrowRight') return nodes.find((n) => n.prerequisites.includes(from))?.id ?? null;
  if (key === 'ArrowLeft') return node.prerequisites.find((p) => ids.includes(p)) ?? null;
  if (key === 'ArrowUp' || key === 'ArrowDown') {
    const x = positions.get(from)?.x;
    const column = nodes
      .filter((n) => positions.get(n.id)?.x === x)
      .sort((a, b) => (positions.get(a.id)?.y ?? 0) - (positions.get(b.id)?.y ?? 0));
    const i = column.findIndex((n) => n.id === from);
    const j = key === 'ArrowUp' ? i - 1 : i + 1;
    return column[j]?.id ?? null;
  }
  return null;
}

/**
 * The subject's prerequisite graph as a map: nodes coloured by the spec's mastery thresholds,
 * ready-to-learn and complete nodes marked, a click (or Enter) opens the topic. One tab stop;
 * the arrow keys move along the prerequisite edges. Only what is on screen is rendered, so it
 * stays usable at hundreds of topics. On a phone the same topics show as a list by module.
 */
export default function GraphMap({
  nodes,
  ready,
  subjectId,
  modules = [],
  status,
}: {
  nodes: GraphNode[];
  ready: Set<string>;
  subjectId: string;
  modules?: { id: string; title: string }[];
  status?: TopicStatus;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const complete = status?.complete ?? EMPTY_SET;
  const lockedModules = status?.lockedModules ?? EMPTY_MAP;
  return (
    <Box component="section" aria-label="Topic map" data-testid="graph-map">
      {phone ? (
        <GraphList
          nodes={nodes}
          ready={ready}
          subjectId={subjectId}
          modules={modules}
          complete={complete}
          lockedModules={lockedModules}
        />
      ) : (
        <ReactFlowProvider>
          <FlowMap
            nodes={nodes}
            ready={ready}
            subjectId={subjectId}
            complete={complete}
            lockedModules={lockedModules}
          />
        </ReactFlowProvider>
      )}
      <Legend />
    </Box>
  );
}

const EMPTY_SET = new Set<string>();
const EMPTY_MAP = new Map<string, string>();

function FlowMap({
  nodes,
  ready,
  subjectId,
  complete,
  lockedModules,
}: {
  nodes: GraphNode[];
  ready: Set<string>;
  subjectId: string;
  complete: Set<string>;
  lockedModules: Map<string, string>;
}) {
  const navigate = useNavigate();
  const frame = useRef<HTMLDivElement | null>(null);
  const flow = useRef<ReactFlowInstance<Node<TopicData>> | null>(null);
  const positions = useMemo(() => layoutGraph(nodes), [nodes]);
  // The roving tab stop: the first ready topic, else the first topic.
  const start = nodes.find((n) => ready.has(n.id))?.id ?? nodes[0]?.id ?? null;
  const [focusId, setFocusId] = useState<string | null>(null);
  const current = focusId && nodes.some((n) => n.id === focusId) ? focusId : start;
  const [pendingFocus, setPendingFocus] = useState<string | null>(null);

  const center = useCallback(
    (id: string, zoom?: number) => {
      const p = positions.get(id);
      const inst = flow.current;
      if (!p || !inst) return;
      void inst.setCenter(p.x + NODE_W / 2, p.y + NODE_H / 2, { zoom: zoom ?? inst.getZoom(), duration: 0 });
    },
    [positions],
  );

  const { flowNodes, flowEdges } = useMemo(() => {
    const ids = new Set(nodes.map((n) => n.id));
    const flowNodes: Node<TopicData>[] = nodes.map((n) => ({
      id: n.id,
      type: 'topic',
      position: positions.get(n.id) ?? { x: 0, y: 0 },
      data: {
        id: n.id,
        title: n.title,
        level: n.mastery_level,
        ready: ready.has(n.id),
        complete: complete.has(n.id),
        locked: lockedModules.get(n.moduleId) ?? null,
        focusable: n.id === current,
        href: nodePath(n.id, subjectId),
        onOpen: (href: string) => void navigate(href),
        onFocusTopic: setFocusId,
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
  }, [nodes, positions, ready, complete, lockedModules, current, subjectId, navigate]);

  // Focus follows the arrow keys once the target node is rendered (only visible nodes are).
  useEffect(() => {
    if (!pendingFocus) return;
    let tries = 0;
    let raf = 0;
    const tryFocus = () => {
      const el = frame.current?.querySelector<HTMLElement>(`button[data-node-id="${CSS.escape(pendingFocus)}"]`);
      if (el) {
        el.focus({ preventScroll: true });
        setPendingFocus(null);
      } else if (tries++ < 20) raf = requestAnimationFrame(tryFocus);
    };
    tryFocus();
    return () => cancelAnimationFrame(raf);
  }, [pendingFocus, flowNodes]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const from = (e.target as HTMLElement).dataset?.nodeId;
    if (!from) return;
    const to = mapKeyTarget(e.key, from, nodes, positions);
    if (!['ArrowRight', 'ArrowLeft', 'ArrowUp', 'ArrowDown', 'Home', 'End'].includes(e.key)) return;
    e.preventDefault();
    e.stopPropagation();
    if (!to) return;
    setFocusId(to);
    center(to);
    setPendingFocus(to);
  };

  return (
    <Box
      ref={frame}
      onKeyDownCapture={onKeyDown}
      sx={{
        // fills the screen below the header when scrolled to, never shorter than 360 px
        height: 'calc(100dvh - 150px)',
        minHeight: 360,
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        bgcolor: 'background.paper',
      }}
    >
      <Box id={KEYS_HELP_ID} sx={visuallyHidden}>
        Arrow keys move between topics: right to a topic that builds on this one, left to one it builds on, up and down
        within a column, Home and End to the first and last topic. Enter opens the topic.
      </Box>
      <ReactFlow
        nodes={flowNodes}
        edges={flowEdges}
        nodeTypes={nodeTypes}
        onInit={(inst) => {
          flow.current = inst;
          // The whole course when it fits at a readable size; else full size, centred on where to go next.
          void inst.fitView({ padding: 0.1, maxZoom: 1 }).then(() => {
            if (inst.getZoom() < READABLE_ZOOM && start) center(start, 1);
          });
        }}
        minZoom={0.5}
        maxZoom={2}
        onlyRenderVisibleElements
        nodesDraggable={false}
        nodesConnectable={false}
        nodesFocusable={false}
        edgesFocusable={false}
        elementsSelectable={false}
        disableKeyboardA11y
        // a node with no handler gets pointer-events: none; this one opens the topic too
        onNodeClick={(_, node) => void navigate(node.data.href)}
        proOptions={{ hideAttribution: true }}
      >
        <ZoomLabelSize target={frame} />
        <Background gap={24} size={1} />
        <Controls showInteractive={false} />
      </ReactFlow>
    </Box>
  );
}

/** On a phone: the topics as a list under their module, each with its status and what it builds on. */
function GraphList({
  nodes,
  ready,
  subjectId,
  modules,
  complete,
  lockedModules,
}: {
  nodes: GraphNode[];
  ready: Set<string>;
  subjectId: string;
  modules: { id: string; title: string }[];
  complete: Set<string>;
  lockedModules: Map<string, string>;
}) {
  const titles = new Map(nodes.map((n) => [n.id, n.title]));
  const order = [...modules.map((m) => m.id), ...nodes.map((n) => n.moduleId)].filter(
    (id, i, all) => all.indexOf(id) === i,
  );
  const moduleTitle = new Map(modules.map((m) => [m.id, m.title]));
  return (
    <Box data-testid="graph-list">
      {order.map((moduleId) => {
        const topics = nodes.filter((n) => n.moduleId === moduleId);
        if (topics.length === 0) return null;
        const locked = lockedModules.get(moduleId);
        return (
          <Box key={moduleId} component="section" aria-labelledby={`map-module-${moduleId}`} sx={{ mb: 2 }}>
            <Typography id={`map-module-${moduleId}`} variant="h6" component="h3" sx={{ fontSize: '1.05rem' }}>
              {moduleTitle.get(moduleId) ?? topics[0].category}
            </Typography>
            {locked && (
              <Typography variant="body2" color="text.secondary">
                Locked: {locked}
              </Typography>
            )}
            <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {topics.map((n) => {
                const band = masteryLevel(n.mastery_level);
                const state = complete.has(n.id)
                  ? 'Complete'
                  : ready.has(n.id)
                    ? 'Ready'
                    : locked
                      ? 'Locked'
                      : `${MASTERY_LABELS[band]} · ${levelPercent(n.mastery_level)}%`;
                const buildsOn = n.prerequisites.map((p) => titles.get(p)).filter(Boolean);
                return (
                  <Box
                    component="li"
                    key={n.id}
                    sx={{
                      py: 1,
                      borderBottom: 1,
                      borderColor: 'divider',
                      borderLeft: `4px solid ${BAND[band].border}`,
                      pl: 1.5,
                    }}
                  >
                    <Link component={RouterLink} to={nodePath(n.id, subjectId)} sx={{ fontWeight: 600 }}>
                      {n.title}
                    </Link>
                    <Typography variant="body2" data-testid="graph-list-status">
                      {state}
                    </Typography>
                    {buildsOn.length > 0 && (
                      <Typography variant="body2" color="text.secondary">
                        Builds on: {buildsOn.join(', ')}
                      </Typography>
                    )}
                  </Box>
                );
              })}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}

function Legend() {
  return (
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
  );
}
