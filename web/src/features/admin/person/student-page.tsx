import { useParams } from 'react-router-dom';
import { useStudent } from '../api/get-student';
import { PersonPage } from './person-page';

export default function StudentPage() {
  const { id = '' } = useParams();
  return (
    <PersonPage
      query={useStudent(id)}
      loading="Loading student data..."
      notFound="Student not found"
      render={(record) => ({ kind: 'student', record })}
    />
  );
}
