import styled from '@emotion/styled';
import type { HTMLAttributes } from 'react';

/**
 * Text someone else wrote (a market's event, options, description, resolution source, URL or
 * content, a challenge's evidence): always rendered as text, never as HTML, and never wider than its
 * box — a word longer than the line (a 120-character option without a space) breaks anywhere rather
 * than pushing the page sideways. `dir="auto"` and `unicode-bidi: plaintext` lay each paragraph out
 * in its own direction (Arabic or Latin in a page of the other). With `lines`, the text is cut after
 * that many lines with an ellipsis and the whole text is the tooltip (`title`).
 *
 * Every page that shows user text uses this (or OptionName / MarketEvent, which do), or
 * `userTextStyles` in its own styled element.
 */
export const userTextStyles = `
  overflow-wrap: anywhere;
  word-break: normal;
  unicode-bidi: plaintext;
  min-width: 0;
  max-width: 100%;
`;

const Wrapping = styled.span`
  ${userTextStyles}
`;

const Clamped = styled.span<{ lines: number }>`
  ${userTextStyles}
  overflow: hidden;
  ${({ lines }) =>
    lines <= 1
      ? `display: inline-block; vertical-align: bottom; white-space: nowrap; text-overflow: ellipsis;`
      : `display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: ${lines}; line-clamp: ${lines};`}
`;

export interface UserTextProps extends Omit<HTMLAttributes<HTMLSpanElement>, 'children' | 'dir'> {
  /** The text, as written (a string: it is never parsed as markup). */
  readonly text: string;
  /** Cut after this many lines, the whole text as the tooltip; omitted: every line shows. */
  readonly lines?: number;
}

export function UserText({ text, lines, title, ...rest }: UserTextProps) {
  if (lines === undefined) {
    return (
      <Wrapping dir="auto" title={title} {...rest}>
        {text}
      </Wrapping>
    );
  }
  return (
    <Clamped dir="auto" lines={lines} title={title ?? text} {...rest}>
      {text}
    </Clamped>
  );
}
