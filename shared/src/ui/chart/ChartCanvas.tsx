import type { Ref } from 'react';
import styled from '@emotion/styled';
import { ChartAttribution } from '../ChartAttribution';

const Canvas = styled.div<{ $height: string; $minHeight: string | undefined }>`
  width: 100%;
  height: ${({ $height }) => $height};
  ${({ $minHeight }) => ($minHeight === undefined ? '' : `min-height: ${$minHeight};`)}
`;

export interface ChartCanvasProps {
  /** useChart's container. */
  readonly ref: Ref<HTMLDivElement>;
  /** What the chart shows, for assistive tech (the canvas itself says nothing). */
  readonly label: string;
  readonly height: string;
  readonly minHeight?: string;
  readonly 'data-testid'?: string;
}

/** Where a chart draws (an image to assistive tech), with the library's attribution beside it. */
export function ChartCanvas({ ref, label, height, minHeight, 'data-testid': testId }: ChartCanvasProps) {
  return (
    <>
      <Canvas ref={ref} $height={height} $minHeight={minHeight} role="img" aria-label={label} data-testid={testId} />
      <ChartAttribution />
    </>
  );
}
