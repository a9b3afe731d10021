// `@prds/shared/ui`: The UI kit.
// Shared as a singleton of its own (shared/webpack/sharedModules.cjs); another domain imports it by this name.

// UI kit
export { Page } from './Page';
export { PageHeading, type PageHeadingProps } from './PageHeading';
export { Card } from './Card';
export { Button, type ButtonProps, type ButtonVariant, type ButtonSize } from './Button';
export { Input } from './Input';
export { Select } from './Select';
export { Tabs, type TabItem, type TabsProps } from './Tabs';
export { ChartAttribution, TRADINGVIEW_URL } from './ChartAttribution';
// A lightweight-charts chart's frame; the library itself stays in the remote's lazily loaded chunk.
export { useChart, chartTheme, CHART_DEFAULTS, type ChartSetup } from './chart/useChart';
export { ChartCanvas, type ChartCanvasProps } from './chart/ChartCanvas';
export { EmptyState, type EmptyStateProps } from './EmptyState';
export { Skeleton, type SkeletonProps } from './Skeleton';
export { Badge, type BadgeTone } from './Badge';
export { Spinner, type SpinnerProps } from './Spinner';
export { ErrorNotice, type ErrorNoticeProps } from './ErrorNotice';
export { visuallyHidden } from './visuallyHidden';
export { tableAsCards } from './tableAsCards';
// One paged table for every list of rows: columns (head, cell, alignment), the list's states, the pager, a phone's cards.
export { TableScroll, Table, CardTable } from './table/tableStyles';
export { DataTable, type Column, type DataTableProps, type DataAttributes } from './table/DataTable';
export { Pager, type PagerProps, type PagerMessages } from './table/Pager';
export { ListState, type ListStateProps } from './table/ListState';
export { PagedTable, usePagedQuery, type PagedTableProps, type PagedQuery, type PageOf } from './table/PagedTable';
export { NotFoundPage, type NotFoundPageProps } from './NotFoundPage';
export { Modal, FOCUSABLE_SELECTOR, type ModalProps } from './Modal';
export { Muted, ErrorText } from './text';
export { TopUpLink } from './TopUpLink';
export { Field } from './Field';
export { DateTimeField, type DateTimeFieldProps } from './DateTimeField';
export { FileButton, type FileButtonProps } from './FileButton';
export { QrCode } from './QrCode';
export { Usdt } from './Usdt';
export { CopyButton, type CopyButtonProps } from './CopyButton';
export { useCopyText, type CopyState, type CopyTextOptions } from './useCopyText';
export { UserText, userTextStyles, type UserTextProps } from './UserText';
