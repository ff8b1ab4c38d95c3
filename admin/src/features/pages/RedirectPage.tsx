import { Navigate, useParams } from 'react-router';

/** `/redirect/:redirect`: continues to an internal path given encoded in the link. */
export function RedirectPage() {
  const { redirect } = useParams();
  let target = '/';
  try {
    const decoded = decodeURIComponent(redirect ?? '');
    const path = decoded.startsWith('/') ? decoded : `/${decoded}`;
    if (!path.startsWith('//') && !path.includes('\\')) target = path;
  } catch {
    // A malformed link leads home.
  }
  return <Navigate to={target} replace />;
}
