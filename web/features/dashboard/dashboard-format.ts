export const TRIAL_AVAILABLE = "Your risk-free trial is available";
export const TRIAL_NOT_AVAILABLE = "Your risk-free trial is not available yet";
