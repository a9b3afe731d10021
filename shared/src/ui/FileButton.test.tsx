/**
 * @jest-environment jsdom
 */
import { useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createStore } from 'jotai';
import { StoreProvider } from '../state/store';
import { ThemeProvider } from '../theme/ThemeProvider';
import { I18nProvider } from '../i18n/I18nProvider';
import { langAtom } from '../i18n/langAtom';
import type { LangCode } from '../i18n/languages';
import { FileButton } from './FileButton';

function Picker({ onFile }: { onFile: (file: File | null) => void }) {
  const [file, setFile] = useState<File | null>(null);
  return (
    <FileButton
      label="Battle image"
      accept="image/png,image/jpeg"
      file={file}
      data-testid="image"
      onChange={(next) => {
        setFile(next);
        onFile(next);
      }}
    />
  );
}

async function renderIn(lang: LangCode, onFile: (file: File | null) => void = () => undefined) {
  const store = createStore();
  store.set(langAtom, lang);
  render(
    <StoreProvider store={store}>
      <ThemeProvider>
        <I18nProvider>
          <Picker onFile={onFile} />
        </I18nProvider>
      </ThemeProvider>
    </StoreProvider>,
  );
  await screen.findByTestId('image-choose', {}, { timeout: 4000 });
  await act(async () => undefined);
}

const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'proof.png', { type: 'image/png' });

describe('FileButton', () => {
  it("speaks the page's language, not the browser's ('Choose File', 'No file chosen')", async () => {
    await renderIn('zh');
    expect(screen.getByTestId('image-choose').textContent).toBe('选择文件');
    expect(screen.getByTestId('image-name').textContent).toBe('未选择文件');
    expect(screen.getByText('或将文件拖放到此处')).toBeTruthy();
  });

  it('keeps the real input reachable by keyboard and named by the field and its button', async () => {
    await renderIn('en');
    const input = screen.getByTestId('image');
    expect(input.getAttribute('type')).toBe('file');
    expect(input.hasAttribute('hidden')).toBe(false);
    expect(input.tabIndex).toBe(0);
    expect(screen.getByLabelText('Battle image Choose a file')).toBe(input);
    expect(input.getAttribute('accept')).toBe('image/png,image/jpeg');
    // The visible button is the input's label: a click on it opens the chooser.
    expect(screen.getByTestId('image-choose').getAttribute('for')).toBe(input.id);
  });

  it('takes a chosen file, shows its name, and removes it', async () => {
    const files: (File | null)[] = [];
    await renderIn('en', (file) => files.push(file));
    fireEvent.change(screen.getByTestId('image'), { target: { files: [png()] } });
    expect(files.map((f) => f?.name ?? null)).toEqual(['proof.png']);
    expect(screen.getByTestId('image-name').textContent).toBe('proof.png');
    expect(screen.getByTestId('image-choose').textContent).toBe('Choose another');
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(files.at(-1)).toBeNull();
    expect(screen.getByTestId('image-name').textContent).toBe('No file chosen');
  });

  it('takes a file dropped on it', async () => {
    const files: (File | null)[] = [];
    await renderIn('ar', (file) => files.push(file));
    const zone = screen.getByTestId('image-choose').parentElement as HTMLElement;
    const dataTransfer = { types: ['Files'], files: [png()], dropEffect: 'none' };
    fireEvent.dragOver(zone, { dataTransfer });
    expect(zone.dataset.dragging).toBe('true');
    expect(screen.getByText('أفلت الملف لاستخدامه')).toBeTruthy();
    fireEvent.drop(zone, { dataTransfer });
    expect(files.map((f) => f?.name ?? null)).toEqual(['proof.png']);
    expect(zone.dataset.dragging).toBe('false');
  });
});
