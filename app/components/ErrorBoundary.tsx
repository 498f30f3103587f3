import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** What failed, for the message ("The editor", "The 3D view"). */
  what: string;
  children: ReactNode;
}

/**
 * Catches render errors so a bug shows a message instead of a blank page. Around the viewport it
 * keeps the panels usable when WebGL is unavailable; around the app it is the last resort.
 */
export class ErrorBoundary extends Component<Props, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`${this.props.what} failed:`, error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div className="crash" role="alert">
        <h2>{this.props.what} stopped working</h2>
        <p>{error.message}</p>
        <p className="muted">
          If this is the 3D view, the browser may have no WebGL 2 (check chrome://gpu or about:support).
        </p>
        <div className="crash-actions">
          <button type="button" title="Draw this part again" onClick={() => this.setState({ error: null })}>
            Try again
          </button>
          <button
            type="button"
            title="Reload the editor (the open file is not kept)"
            onClick={() => window.location.reload()}
          >
            Reload the page
          </button>
        </div>
      </div>
    );
  }
}
