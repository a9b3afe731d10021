import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  readonly children: ReactNode;
  readonly fallback: ReactNode;
  /** Told once the children threw (the rollout reports it and may switch versions). */
  readonly onError?: (error: unknown) => void;
}

interface State {
  readonly failed: boolean;
}

/** Catches a remote that throws while rendering, so only its section falls back. */
export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Remote crashed while rendering', error, info.componentStack);
    this.props.onError?.(error);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
