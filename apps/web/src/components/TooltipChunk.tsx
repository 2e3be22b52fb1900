// The real Tooltip (and floating-ui under it), in a chunk of its own: LazyTooltip loads it.
export { Tooltip } from '@mantine/core';
