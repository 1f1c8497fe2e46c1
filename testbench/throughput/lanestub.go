package throughput

// hdLaneDepth stands for tm.HDLaneDepth until the pipelined executor lands.
const hdLaneDepth = 4
