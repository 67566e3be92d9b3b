import { useParams } from 'react-router-dom';
import { useMentor } from '../api/get-mentor';
import { MentorInterview } from '../interviews/mentor-interview';
import { PersonPage } from './person-page';

export default function MentorPage() {
  const { id = '' } = useParams();
  return (
    <>
      <PersonPage
        query={useMentor(id)}
        loading="Loading mentor data..."
        notFound="Mentor not found"
        render={(record) => ({ kind: 'mentor', record })}
      />
      <MentorInterview id={id} />
    </>
  );
}
