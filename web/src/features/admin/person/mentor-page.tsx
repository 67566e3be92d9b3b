import { useParams } from 'react-router-dom';
import { MentorInterview } from '../interviews/mentor-interview';
import { PersonPage } from './person-page';

export default function MentorPage() {
  const { id = '' } = useParams();
  return (
    <>
      <PersonPage kind="mentor" />
      <MentorInterview id={id} />
    </>
  );
}
