/* /* nested */ UIImage(named: "c") */
let s = #"UIImage(named: "r")"#
let m = """
    \(UIImage(named: "i"))
    """
