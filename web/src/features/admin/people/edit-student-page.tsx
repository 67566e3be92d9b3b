import { STUDENT_FORM } from './kinds';
import { PersonFormPage } from './person-form-page';

export default function EditStudentPage() {
  return <PersonFormPage kind={STUDENT_FORM} mode="edit" />;
}
