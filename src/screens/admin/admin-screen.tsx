import { ScreenPlaceholder } from '../placeholder';

/** Admin. */
export default function AdminScreen() {
  return (
    <ScreenPlaceholder title="Admin" summary="Users, permissions, locations and the attribute catalogue." />
  );
}
