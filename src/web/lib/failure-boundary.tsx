import { Component, type ReactNode } from 'react';

type FailureBoundaryProps = {
  /** Which errors this boundary answers; any other goes on to the boundary above (the route's). */
  catches: (error: unknown) => boolean;
  /** Told once of an error it caught. */
  onCaught?: (error: unknown) => void;
  children: ReactNode;
};

/**
 * Renders nothing in place of children that threw one of the errors it `catches` (a part of the page
 * whose code could not be downloaded), so the rest of the page stays; other errors are not its
 * business and are thrown on.
 */
export class FailureBoundary extends Component<FailureBoundaryProps, { error: unknown; failed: boolean }> {
  override state = { error: undefined as unknown, failed: false };

  static getDerivedStateFromError(error: unknown): { error: unknown; failed: boolean } {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown): void {
    if (this.props.catches(error)) this.props.onCaught?.(error);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    if (this.props.catches(this.state.error)) return null;
    throw this.state.error;
  }
}
