import { FormattedMessage, useIntl } from '@prds/shared/i18n';
import { MARKET_CATEGORIES, MARKET_CATEGORY_LABELS } from '@prds/shared/markets';
import { DateTimeField, ErrorNotice, Input, Select } from '@prds/shared/ui';
import { FormField } from './FormField';
import { LicensePicker } from './LicensePicker';
import { OptionsField } from './OptionsField';
import { Group, GroupTitle, TextArea, TwoColumns } from './issueFormLayout';
import type { IssueLicensesView } from './useIssueChain';
import type { IssueFormState } from './useIssueFormState';

export interface MarketSectionProps {
  readonly form: IssueFormState;
  readonly licenses: IssueLicensesView;
  /** A wallet is connected (the License picker says so when none is). */
  readonly connected: boolean;
  /** The chain's "now"; null until read. */
  readonly now: number | null;
}

/** The form's first section: the License it issues with, then the market itself (texts, options, times). */
export function MarketSection({ form, licenses, connected, now }: MarketSectionProps) {
  const intl = useIntl();
  const { values, license, fieldError, invalid, edit, touch, leaving } = form;
  return (
    <Group as="section" aria-labelledby="issue-market-title">
      <GroupTitle id="issue-market-title">
        <FormattedMessage id="issue.form.marketSection" />
      </GroupTitle>
      <LicensePicker
        choices={licenses.choices}
        value={values.licenseId}
        onChange={(id) => {
          edit('licenseId', id);
          touch('license');
        }}
        onBlur={leaving('license')}
        error={fieldError('license')}
        loading={licenses.isLoading}
        connected={connected}
      />
      {licenses.error !== null && !licenses.isLoading && (
        <ErrorNotice error={licenses.error} onRetry={licenses.refetch} data-testid="issue-license-error-notice" />
      )}

      <FormField htmlFor="issue-event" label={<FormattedMessage id="issue.form.event" />} error={fieldError('event')}>
        <TextArea
          id="issue-event"
          data-testid="issue-event"
          rows={3}
          placeholder={intl.formatMessage({ id: 'issue.form.eventPlaceholder' })}
          value={values.event}
          aria-invalid={invalid('event')}
          aria-describedby="issue-event-error"
          onChange={(change) => edit('event', change.target.value)}
          onBlur={() => touch('event')}
        />
      </FormField>

      <OptionsField
        options={form.options}
        listError={fieldError('options')}
        optionErrors={form.optionErrors}
        onChange={form.changeOption}
        onBlur={(key) => touch(`option:${key}`)}
        onAdd={form.addOption}
        onRemove={form.removeOption}
        onMove={form.moveOption}
      />

      <FormField htmlFor="issue-category" label={<FormattedMessage id="issue.form.category" />} error={fieldError('category')}>
        <Select
          id="issue-category"
          data-testid="issue-category"
          value={values.category}
          aria-invalid={invalid('category')}
          aria-describedby="issue-category-error"
          onChange={(change) => edit('category', change.target.value)}
          onBlur={() => touch('category')}
        >
          <option value="">{intl.formatMessage({ id: 'issue.form.categoryPlaceholder' })}</option>
          {MARKET_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {intl.formatMessage(MARKET_CATEGORY_LABELS[category])}
            </option>
          ))}
        </Select>
      </FormField>

      <FormField
        htmlFor="issue-description"
        label={<FormattedMessage id="issue.form.description" />}
        error={fieldError('description')}
      >
        <TextArea
          id="issue-description"
          data-testid="issue-description"
          rows={3}
          placeholder={intl.formatMessage({ id: 'issue.form.descriptionPlaceholder' })}
          value={values.description}
          aria-invalid={invalid('description')}
          aria-describedby="issue-description-error"
          onChange={(change) => edit('description', change.target.value)}
          onBlur={() => touch('description')}
        />
      </FormField>

      <FormField
        htmlFor="issue-resolution-source"
        label={<FormattedMessage id="issue.form.resolutionSource" />}
        error={fieldError('resolutionSource')}
      >
        <Input
          id="issue-resolution-source"
          data-testid="issue-resolution-source"
          placeholder={intl.formatMessage({ id: 'issue.form.resolutionSourcePlaceholder' })}
          value={values.resolutionSource}
          aria-invalid={invalid('resolutionSource')}
          aria-describedby="issue-resolution-source-error"
          onChange={(change) => edit('resolutionSource', change.target.value)}
          onBlur={() => touch('resolutionSource')}
        />
      </FormField>

      <TwoColumns>
        <FormField
          htmlFor="issue-url"
          label={<FormattedMessage id="issue.form.url" />}
          hint={<FormattedMessage id="issue.form.urlHint" />}
          error={fieldError('url')}
        >
          <Input
            id="issue-url"
            data-testid="issue-url"
            type="url"
            inputMode="url"
            autoComplete="off"
            dir="ltr"
            placeholder="https://"
            value={values.url}
            aria-invalid={invalid('url')}
            aria-describedby="issue-url-error"
            onChange={(change) => edit('url', change.target.value)}
            onBlur={() => touch('url')}
          />
        </FormField>
        <FormField htmlFor="issue-content" label={<FormattedMessage id="issue.form.content" />} error={fieldError('content')}>
          <TextArea
            id="issue-content"
            data-testid="issue-content"
            rows={2}
            placeholder={intl.formatMessage({ id: 'issue.form.contentPlaceholder' })}
            value={values.content}
            aria-invalid={invalid('content')}
            aria-describedby="issue-content-error"
            onChange={(change) => edit('content', change.target.value)}
            onBlur={() => touch('content')}
          />
        </FormField>
      </TwoColumns>

      <TwoColumns>
        <FormField
          htmlFor="issue-last-trading-time"
          label={<FormattedMessage id="issue.form.lastTradingTime" />}
          hint={<FormattedMessage id="issue.form.lastTradingTimeHint" />}
          error={fieldError('lastTradingTime')}
        >
          <div onBlur={leaving('lastTradingTime')}>
            <DateTimeField
              data-testid="issue-last-trading-time"
              aria-labelledby="issue-last-trading-time-label"
              aria-describedby="issue-last-trading-time-error"
              value={values.lastTradingTime}
              min={now ?? undefined}
              invalid={invalid('lastTradingTime')}
              onChange={(value) => edit('lastTradingTime', value)}
            />
          </div>
        </FormField>
        <FormField
          htmlFor="issue-expiration-time"
          label={<FormattedMessage id="issue.form.expirationTime" />}
          hint={<FormattedMessage id="issue.form.expirationTimeHint" />}
          error={fieldError('expirationTime')}
        >
          <div onBlur={leaving('expirationTime')}>
            <DateTimeField
              data-testid="issue-expiration-time"
              aria-labelledby="issue-expiration-time-label"
              aria-describedby="issue-expiration-time-error"
              value={values.expirationTime}
              min={values.lastTradingTime ?? now ?? undefined}
              max={license?.rentalEndDate ?? undefined}
              invalid={invalid('expirationTime')}
              onChange={(value) => edit('expirationTime', value)}
            />
          </div>
        </FormField>
      </TwoColumns>
    </Group>
  );
}
