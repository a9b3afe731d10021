/**
 * @jest-environment jsdom
 */
import { useState, type ReactNode } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createStore } from 'jotai';
import { StoreProvider } from '../state/store';
import { ThemeProvider } from '../theme/ThemeProvider';
import { I18nProvider } from '../i18n/I18nProvider';
import { langAtom } from '../i18n/langAtom';
import type { LangCode } from '../i18n/languages';
import { DateTimeField } from './DateTimeField';
import { secondsOf, timeZoneName, zonedOf } from './dateTime/zonedTime';

// 2027-01-15 08:00 UTC = 16:00 in Shanghai (UTC+8, no daylight saving).
const MOMENT = 1_800_000_000;

async function renderIn(lang: LangCode, ui: ReactNode) {
  const store = createStore();
  store.set(langAtom, lang);
  const view = render(
    <StoreProvider store={store}>
      <ThemeProvider>
        <I18nProvider>{ui}</I18nProvider>
      </ThemeProvider>
    </StoreProvider>,
  );
  // The locale's messages and the picker's own chunk load lazily.
  await screen.findByTestId('when', {}, { timeout: 4000 });
  return view;
}

/** The field's parts as `type=text`, in the order the language writes them. */
function segments(): string[] {
  return Array.from(screen.getByTestId('when').querySelectorAll('[data-type]'))
    .filter((part) => part.getAttribute('data-type') !== 'literal')
    .map((part) => `${part.getAttribute('data-type')}=${part.textContent}`);
}

function Controlled({ initial, min, onValue }: { initial: number | null; min?: number; onValue?: (v: number | null) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <DateTimeField
      data-testid="when"
      label="Last trading time"
      value={value}
      min={min}
      timeZone="Asia/Shanghai"
      onChange={(next) => {
        setValue(next);
        onValue?.(next);
      }}
    />
  );
}

describe('DateTimeField', () => {
  it('writes the moment in the page language, in its time zone, and names the zone (English)', async () => {
    await renderIn('en', <Controlled initial={MOMENT} />);
    expect(segments()).toEqual(['month=1', 'day=15', 'year=2027', 'hour=4', 'minute=00', 'dayPeriod=PM', 'timeZoneName=GMT+8']);
    expect(screen.getByTestId('date-time-zone').textContent).toBe('Time zone: China Standard Time (GMT+08:00)');
    expect(screen.getByRole('button', { name: /^Choose a date/ })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Last trading time' })).toBeTruthy();
  });

  it('follows Chinese: year first, 24-hour clock, Chinese placeholders and zone name', async () => {
    await renderIn('zh', <Controlled initial={null} />);
    const parts = Array.from(screen.getByTestId('when').querySelectorAll('[data-type]'));
    const placeholders = parts.filter((p) => p.hasAttribute('data-placeholder')).map((p) => p.textContent);
    expect(placeholders.slice(0, 3)).toEqual(['年', '月', '日']);
    expect(screen.getByTestId('date-time-zone').textContent).toBe('时区：中国标准时间（GMT+08:00）');
    expect(screen.getByRole('button', { name: /^选择日期/ })).toBeTruthy();
    // Nothing typed yet, nothing in English: no 'mm/dd/yyyy'.
    expect(screen.getByTestId('when').textContent).not.toMatch(/mm|dd|yyyy/);
  });

  it('follows Arabic: day first, Arabic day period and zone', async () => {
    await renderIn('ar', <Controlled initial={MOMENT} />);
    expect(segments()).toEqual(['day=15', 'month=1', 'year=2027', 'hour=4', 'minute=00', 'dayPeriod=م', 'timeZoneName=غرينتش+8']);
    expect(screen.getByRole('button', { name: /^اختر تاريخًا/ })).toBeTruthy();
  });

  it("follows Thai: the Buddhist era, as the page's other Thai dates", async () => {
    await renderIn('th', <Controlled initial={MOMENT} />);
    expect(segments()).toContain('year=2570');
    expect(segments()).toContain('hour=16');
  });

  it('reports each change in unix seconds, and null once every part is cleared', async () => {
    const values: (number | null)[] = [];
    await renderIn('en', <Controlled initial={MOMENT} onValue={(v) => values.push(v)} />);
    const part = (type: string) => screen.getByTestId('when').querySelector<HTMLElement>(`[data-type="${type}"]`) as HTMLElement;
    act(() => part('hour').focus());
    fireEvent.keyDown(part('hour'), { key: 'ArrowUp' });
    expect(values).toEqual([MOMENT + 3600]);
    for (const type of ['month', 'day', 'year', 'hour', 'minute', 'dayPeriod']) {
      for (let i = 0; i < 4; i += 1) fireEvent.keyDown(part(type), { key: 'Backspace' });
    }
    expect(values.at(-1)).toBeNull();
  });

  it('marks a moment before `min` invalid', async () => {
    await renderIn('en', <Controlled initial={MOMENT - 86_400} min={MOMENT} />);
    expect(screen.getByRole('group', { name: 'Last trading time' }).hasAttribute('data-invalid')).toBe(true);
  });
});

describe('zonedTime', () => {
  it('round-trips a moment through a zone, to the minute', () => {
    expect(secondsOf(zonedOf(MOMENT + 59, 'America/New_York'), 'UTC')).toBe(MOMENT);
    expect(zonedOf(MOMENT, 'Asia/Shanghai').hour).toBe(16);
  });

  it("names a zone in the page's language, with its offset", () => {
    // Browsers write UTC's offset 'GMT', some ICU builds 'GMT+00:00'.
    expect(timeZoneName('UTC', 'en', MOMENT)).toEqual({
      name: 'Coordinated Universal Time',
      offset: expect.stringMatching(/^GMT(\+00:00)?$/),
    });
    expect(timeZoneName('Asia/Tokyo', 'ja', MOMENT)).toEqual({ name: '日本標準時', offset: 'GMT+09:00' });
  });
});
