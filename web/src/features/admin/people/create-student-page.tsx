import { STUDENT_FORM } from './kinds';
import { PersonFormPage } from './person-form-page';

export default function CreateStudentPage() {
  return <PersonFormPage kind={STUDENT_FORM} mode="create" />;
}
