/**
 * @jest-environment jsdom
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { createStore } from 'jotai';
import en from '@prds/locales/en.json';
import { StoreProvider } from '../state/store';
import { ThemeProvider } from '../theme/ThemeProvider';
import { I18nProvider } from '../i18n/I18nProvider';
import { MarketEvent, MarketStateBadge, OptionName } from '../markets/marketText';
import { UserText } from './UserText';

async function show(ui: React.ReactNode): Promise<HTMLElement> {
  cleanup();
  render(
    <StoreProvider store={createStore()}>
      <ThemeProvider>
        <I18nProvider loadMessages={async () => en}>
          <div data-testid="box">{ui}</div>
        </I18nProvider>
      </ThemeProvider>
    </StoreProvider>,
  );
  await act(async () => undefined);
  return screen.getByTestId('box');
}

const LONG = 'x'.repeat(120);
const PAYLOAD = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';

describe('UserText: what someone else wrote', () => {
  it('is text, never markup', async () => {
    const box = await show(<UserText text={PAYLOAD} />);
    expect(box.textContent).toBe(PAYLOAD);
    expect(box.querySelector('img, script')).toBeNull();
  });

  it('breaks a word longer than the line instead of widening the page, in its own direction', async () => {
    const box = await show(<UserText text={LONG} data-testid="t" />);
    const text = screen.getByTestId('t');
    expect(box.contains(text)).toBe(true);
    expect(text.getAttribute('dir')).toBe('auto');
    const style = getComputedStyle(text);
    expect(style.overflowWrap).toBe('anywhere');
    expect(style.minWidth).toBe('0');
    expect(text.getAttribute('title')).toBeNull();
  });

  it('cut after `lines`, shows the whole text as its tooltip', async () => {
    await show(<UserText text={LONG} lines={2} data-testid="t" />);
    const text = screen.getByTestId('t');
    expect(text.getAttribute('title')).toBe(LONG);
    expect(getComputedStyle(text).overflow).toBe('hidden');
    await show(<UserText text={LONG} lines={1} data-testid="t" />);
    expect(getComputedStyle(screen.getByTestId('t')).textOverflow).toBe('ellipsis');
  });

  it('is how OptionName and MarketEvent show issuer text; a state badge cuts a long option to one line', async () => {
    const option = await show(<OptionName option={{ index: 0, label: LONG }} />);
    expect(getComputedStyle(option.firstElementChild as Element).overflowWrap).toBe('anywhere');
    const event = await show(<MarketEvent market={{ id: '1', event: PAYLOAD }} />);
    expect(event.textContent).toBe(PAYLOAD);
    expect(event.querySelector('img, script')).toBeNull();
    const badge = await show(
      <MarketStateBadge
        market={{
          label: { key: 'confirmedOption', option: 0 },
          options: [
            { index: 0, label: LONG, optionKey: '0x01', stake: '1', odds: null, probability: null, payoutMultiplier: null },
          ],
        }}
      />,
    );
    const cut = badge.querySelector(`[title="${LONG}"]`);
    expect(cut).not.toBeNull();
    expect(getComputedStyle(cut as Element).whiteSpace).toBe('nowrap');
  });
});
