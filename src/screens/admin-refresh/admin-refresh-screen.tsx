import { ScreenPlaceholder } from '../placeholder';

/** Admin refresh. */
export default function AdminRefreshScreen() {
  return (
    <ScreenPlaceholder
      title="Admin refresh"
      summary="Reloads permissions and settings after an administrator changed them."
    />
  );
}
