import { Navigate, useParams } from 'react-router-dom';
import { getSession } from '../../session/store';
import { ProfileDetails } from '../profile/ProfilePage';
import { UserEdit } from './UserEdit';

/**
 * complete-profile/{userId}: the same detail page as users/{userId}. For one's own id it is the
 * profile form that also marks the profile complete; an admin opening another id gets the user detail.
 */
export function CompleteProfilePage() {
  const { userId } = useParams();
  const session = getSession();
  if (!session) return <Navigate to="/on-boarding/login" replace />;
  if (userId === session.user._id) return <ProfileDetails completing />;
  return <UserEdit id={userId} />;
}
