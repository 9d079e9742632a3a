// Timing: Core Animation's timing model (see reference/timing-model.md).
