import { useEffect, useRef, useState, type FocusEvent, type RefObject } from 'react';
import { useFormat } from '@prds/shared/format';
import { fetchIssueConfig, issueConfigQueryKey } from '@prds/shared/markets';
import { useQuery } from '@prds/shared/query';
import { useIsConnected } from '@prds/shared/state';
import { usePayBalance } from '@prds/shared/wallet';
import type { OptionDraft } from './OptionsField';
import { clearDraft, loadDraft, saveDraft } from './issueDraft';
import type { LicenseChoice } from './issuingLicenses';
import type { FieldRefusal } from './submitErrors';
import { parseTokenAmount } from './tokenAmount';
import type { ProtocolParams } from './useIssueChain';
import {
  validateIssueForm,
  type IssueField,
  type IssueFormError,
  type IssueFormValues,
  type IssueValidation,
} from './validateIssueForm';

/** The form's values but its options, which are kept with their keys (see OptionDraft). */
export type IssueFieldValues = Omit<IssueFormValues, 'options'>;

export interface IssueFormStateInput {
  /** `/issue?license=<id>`: the License to preselect over the draft's. */
  readonly presetLicense: string | null;
  /** The chain's "now" (useChainNow); null until read. */
  readonly now: number | null;
  /** The Licenses the wallet can issue with now. */
  readonly licenses: readonly LicenseChoice[];
  /** The protocol's parameters from the chain; null while they load. */
  readonly protocol: ProtocolParams | null;
  /** The `<form>`: after a submit with mistakes, its first one is focused. */
  readonly formRef: RefObject<HTMLFormElement | null>;
}

export interface IssueFormState {
  readonly values: IssueFieldValues;
  readonly options: readonly OptionDraft[];
  /** What was typed, amounts normalized to '.' marks: what the rules check and the api stores. */
  readonly formValues: IssueFormValues;
  readonly validation: IssueValidation;
  /** The License chosen, among those that can issue now. */
  readonly license: LicenseChoice | undefined;
  /** The liquidity typed, in pay-token units; null while it is not an amount. */
  readonly liquidity: bigint | null;
  /** The token margin typed; null while it is not an amount or the License is the bond. */
  readonly margin: bigint | null;
  /** The bond: the token margin, or the staked License's value; null while unknown. */
  readonly bond: bigint | null;
  /** Whether `field`'s message is shown (it was left, or the form submitted). */
  readonly shown: (field: IssueField) => boolean;
  /** The message shown at `field`: the api's refusal of it, else the rules' once shown. */
  readonly fieldError: (field: IssueField) => IssueFormError | undefined;
  /** The message shown at each option, by position. */
  readonly optionErrors: readonly (IssueFormError | null)[];
  readonly invalid: (field: IssueField) => boolean;
  readonly touch: (name: string) => void;
  /** onBlur of a group of controls (the License cards, a date-time field's parts): touched once focus leaves it. */
  readonly leaving: (name: string) => (event: FocusEvent<HTMLElement>) => void;
  readonly edit: <K extends keyof IssueFieldValues>(field: K, value: IssueFormValues[K]) => void;
  readonly changeOption: (key: number, text: string) => void;
  readonly addOption: () => void;
  readonly removeOption: (key: number) => void;
  readonly moveOption: (key: number, by: -1 | 1) => void;
  /** A submit began: every message shows from now on, the api's last refusal is dropped. */
  readonly markSubmitted: () => void;
  /** The api refused a field's text: shown there (and focused) until that field changes. */
  readonly refuse: (refusal: FieldRefusal) => void;
  /** The market is issued: the draft is cleared for good and no longer kept. */
  readonly discardDraft: () => void;
}

function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const CONTROLS = 'input, select, textarea, button';

/**
 * What the issue form holds: the values typed (kept as a draft across reloads and failures), which
 * fields were left, the api's refusal of a text, and the rules' verdict on it all (with the limits
 * read from the chain and the api), as the messages each field shows.
 */
export function useIssueFormState({ presetLicense, now, licenses, protocol, formRef }: IssueFormStateInput): IssueFormState {
  const format = useFormat();
  const networkConnected = useIsConnected();
  const config = useQuery({ queryKey: issueConfigQueryKey, queryFn: () => fetchIssueConfig(), staleTime: Infinity });
  const balance = usePayBalance();

  const [initial] = useState(() => {
    const draft = loadDraft(browserStorage());
    return presetLicense === null ? draft : { ...draft, licenseId: presetLicense };
  });
  const nextOptionKey = useRef(initial.options.length);
  const [values, setValues] = useState<IssueFieldValues>(initial);
  const [options, setOptions] = useState<readonly OptionDraft[]>(() => initial.options.map((text, key) => ({ key, text })));
  // A field's message shows once it was left (blur) or the form was submitted, then follows every edit.
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [submits, setSubmits] = useState(0);
  const [refusal, setRefusal] = useState<FieldRefusal | null>(null);
  const [issued, setIssued] = useState(false);

  // Amounts typed in the page language's marks ('1,5' in German) are read with '.' from here on.
  const formValues: IssueFormValues = {
    ...values,
    liquidity: format.normalizeInput(values.liquidity),
    margin: format.normalizeInput(values.margin),
    options: options.map((option) => option.text),
  };

  // Every edit is kept (a reload, a failed transaction lose nothing); a success has cleared it for good.
  useEffect(() => {
    if (!issued) saveDraft(browserStorage(), { ...values, options: options.map((option) => option.text) });
  }, [values, options, issued]);

  // After a submit with mistakes, take the user to the first one (it may be far up a long form).
  useEffect(() => {
    if (submits === 0) return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    // A group (the License radio group) is marked as a whole: focus its first control.
    const control = first?.matches(CONTROLS) ? first : first?.querySelector<HTMLElement>(CONTROLS);
    (control ?? first)?.focus();
  }, [submits, formRef]);

  // Until the chain's time is read, the page's opening moment stands in (the chain check follows it).
  const [openedAt] = useState(() => Math.floor(Date.now() / 1000));
  const chainNow = now ?? openedAt;
  const license = licenses.find((choice) => choice.id === values.licenseId);
  const validation = validateIssueForm(formValues, {
    now: chainNow,
    networkConnected,
    licenses,
    balance,
    protocol,
    textLimits: config.data?.limits ?? null,
  });
  const shown = (field: IssueField) => submits > 0 || touched.has(field);
  const fieldError = (field: IssueField): IssueFormError | undefined => {
    if (refusal !== null && refusal.field === field && refusal.option === null) return refusal.error;
    return shown(field) ? validation.fields[field] : undefined;
  };
  const optionErrors = options.map((option, index) => {
    if (refusal !== null && refusal.field === 'options' && refusal.option === index) return refusal.error;
    return submits > 0 || touched.has(`option:${option.key}`) ? (validation.options[index] ?? null) : null;
  });
  const touch = (name: string) => setTouched((current) => (current.has(name) ? current : new Set(current).add(name)));
  const edit = <K extends keyof IssueFieldValues>(field: K, value: IssueFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (refusal?.field === field) setRefusal(null);
  };
  const editOptions = (change: (current: readonly OptionDraft[]) => readonly OptionDraft[]) => {
    setOptions(change);
    if (refusal?.field === 'options') setRefusal(null);
  };

  const liquidity = parseTokenAmount(formValues.liquidity);
  const margin = values.collateral === 'token' ? parseTokenAmount(formValues.margin) : null;

  return {
    values,
    options,
    formValues,
    validation,
    license,
    liquidity,
    margin,
    bond: values.collateral === 'nft' ? (license?.value ?? null) : margin,
    shown,
    fieldError,
    optionErrors,
    invalid: (field) => fieldError(field) !== undefined,
    touch,
    leaving: (name) => (event) => {
      if (!event.currentTarget.contains(event.relatedTarget)) touch(name);
    },
    edit,
    changeOption: (key, text) => editOptions((current) => current.map((option) => (option.key === key ? { key, text } : option))),
    addOption: () => {
      const key = nextOptionKey.current++;
      editOptions((current) => [...current, { key, text: '' }]);
    },
    removeOption: (key) => {
      editOptions((current) => current.filter((option) => option.key !== key));
      touch('options');
    },
    moveOption: (key, by) =>
      editOptions((current) => {
        const from = current.findIndex((option) => option.key === key);
        const to = from + by;
        if (from < 0 || to < 0 || to >= current.length) return current;
        const next = [...current];
        const [moved] = next.splice(from, 1);
        if (moved) next.splice(to, 0, moved);
        return next;
      }),
    markSubmitted: () => {
      setSubmits((count) => count + 1);
      setRefusal(null);
    },
    refuse: (atField) => {
      setRefusal(atField);
      // Counted as another submit, so the focus moves to the refused field.
      setSubmits((count) => count + 1);
    },
    discardDraft: () => {
      clearDraft(browserStorage());
      setIssued(true);
    },
  };
}
