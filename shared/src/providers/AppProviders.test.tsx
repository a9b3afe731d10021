/**
 * @jest-environment jsdom
 */
import { act, render, screen } from '@testing-library/react';
import { useAtomValue } from 'jotai';
import { createStore } from '../state/store';
import { currentThemeAtom } from '../theme/themeAtom';
import { deviceAtom } from '../device/deviceAtom';
import { langAtom } from '../i18n/langAtom';
import { AppProviders } from './AppProviders';
import { SHARED_INSTANCE_ID } from '../instance';
import { FormattedMessage } from 'react-intl';

function Probe() {
  return (
    <span
      data-testid="probe"
      data-theme={useAtomValue(currentThemeAtom)}
      data-lang={useAtomValue(langAtom)}
      data-device={useAtomValue(deviceAtom)}
    >
      <FormattedMessage id="common.retry" />
    </span>
  );
}

describe('AppProviders', () => {
  it('provides store, theme, language and device to the tree and marks <html>', async () => {
    window.matchMedia = ((query: string) => ({
      matches: query.includes('dark'),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })) as unknown as typeof window.matchMedia;
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 375 });
    localStorage.clear();
    localStorage.setItem('prds.lang', 'ar');
    const store = createStore();
    render(
      <AppProviders store={store}>
        <Probe />
      </AppProviders>,
    );
    // The real @prds/locales chunk loads asynchronously.
    const probe = await screen.findByTestId('probe');
    await act(async () => undefined);
    expect(probe.dataset.theme).toBe('night');
    expect(probe.dataset.lang).toBe('ar');
    expect(probe.dataset.device).toBe('mobile');
    const html = document.documentElement;
    expect(html.dataset.theme).toBe('night');
    expect(html.dataset.device).toBe('mobile');
    expect(html.style.fontSize).toBe('50px');
    expect(html.lang).toBe('ar');
    expect(html.dir).toBe('rtl');
    expect(probe.textContent).not.toBe('');
  });

  it('SHARED_INSTANCE_ID is one non-empty id per module instance', async () => {
    expect(SHARED_INSTANCE_ID).toMatch(/\S{8,}/);
    let again = '';
    await jest.isolateModulesAsync(async () => {
      again = (await import('../instance')).SHARED_INSTANCE_ID;
    });
    expect(again).not.toBe(SHARED_INSTANCE_ID);
  });
});
