/// The model identifier a session's `device.model` gives (`iPhone15,2`).
///
/// On a device `uname`'s machine is the model. On the Simulator it is the
/// Mac's processor (`arm64`, `x86_64`), and the simulated model is in the
/// environment as `SIMULATOR_MODEL_IDENTIFIER`; taking the machine there
/// would file every simulator capture under one meaningless model.
///
///     DeviceModel.identifier(machine: "arm64", environment: ["SIMULATOR_MODEL_IDENTIFIER": "iPhone16,1"])  // "iPhone16,1"
public enum DeviceModel {
    public static func identifier(machine: String, environment: [String: String]) -> String {
        if let simulated = environment["SIMULATOR_MODEL_IDENTIFIER"], !simulated.isEmpty { return simulated }
        return machine
    }
}
