import { Router } from 'express';

// Scaffold: the matching issue adds ranked suggestions and the whole-cohort proposal here.
// Mounted behind requireAdmin at /api/admin/matching.
export const matchingRouter = Router();
