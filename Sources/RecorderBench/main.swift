import Foundation
import GestureRecorder
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// What the recorder costs an app, and a child for the crash test.
//
//   recorder-bench cost [EVENTS]          the calling thread's ns per event (median, p99)
//                                         beside a plain array append, and the writer's events/s
//   recorder-bench targets [CALLS]       the calling thread's ns per target call (a hit,
//                                         updateTarget unchanged and moved) beside a plain began
//   recorder-bench write-until-killed DIR records into DIR until it is killed

let arguments = CommandLine.arguments.dropFirst()
switch arguments.first {
case "cost":
    let events = arguments.dropFirst().first.flatMap { Int($0) } ?? 1_000_000
    try CostBenchmark(events: events).run()
case "targets":
    let calls = arguments.dropFirst().first.flatMap { Int($0) } ?? 200_000
    try TargetCostBenchmark(calls: calls).run()
case "write-until-killed":
    guard let folder = arguments.dropFirst().first else {
        FileHandle.standardError.write(Data("usage: recorder-bench write-until-killed FOLDER\n".utf8))
        exit(2)
    }
    let recorder = GestureRecorder(options: .init(recorderName: "recorder-bench"))
    try recorder.start(Workload.session, in: URL(fileURLWithPath: folder))
    recorder.flush()
    var workload = Workload(recorder: recorder)
    var index = 0
    while true {
        workload.record(index)
        index += 1
        // About an app's pace in a busy moment: bursts with pauses.
        if index % 64 == 0 { usleep(200) }
    }
default:
    FileHandle.standardError.write(Data("usage: recorder-bench cost [EVENTS] | targets [CALLS] | write-until-killed FOLDER\n".utf8))
    exit(2)
}
