export function SegmentEditorScreen(_: { projectId: string }) { return null; }
